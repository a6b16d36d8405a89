package dev.ewallet.ledger;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Forwards a local port to another address, byte for byte, on virtual threads (tests only). */
final class TcpForwarder {

  private TcpForwarder() {}

  static void open(int localPort, String targetHost, int targetPort) {
    try {
      ServerSocket server = new ServerSocket(localPort, 50, InetAddress.getLoopbackAddress());
      Thread.ofVirtual().name("tcp-forwarder").start(() -> accept(server, targetHost, targetPort));
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen on " + localPort, e);
    }
  }

  private static void accept(ServerSocket server, String targetHost, int targetPort) {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket target = new Socket(targetHost, targetPort);
        Thread.ofVirtual().start(() -> pump(client, target));
        Thread.ofVirtual().start(() -> pump(target, client));
      } catch (IOException e) {
        return;
      }
    }
  }

  private static void pump(Socket from, Socket to) {
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException closed) {
      // One side hung up; closing both below ends the other pump too.
    } finally {
      try {
        from.close();
        to.close();
      } catch (IOException ignored) {
        // Nothing left to release.
      }
    }
  }
}
