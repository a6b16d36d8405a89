package dev.ewallet.ledger;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Forwards a local port to another address, byte for byte, on virtual threads (tests only). It can
 * also stall: while stalled it passes no byte in either direction but closes nothing, as a network
 * that drops packets does, and bytes read meanwhile are delivered once it resumes.
 */
final class TcpForwarder {

  private final ServerSocket server;
  private final Object gate = new Object();
  private boolean stalled;

  private TcpForwarder(ServerSocket server) {
    this.server = server;
  }

  /** Forwards {@code localPort} (0: any free one) to the target until the JVM exits. */
  static TcpForwarder open(int localPort, String targetHost, int targetPort) {
    try {
      TcpForwarder forwarder =
          new TcpForwarder(new ServerSocket(localPort, 50, InetAddress.getLoopbackAddress()));
      Thread.ofVirtual()
          .name("tcp-forwarder")
          .start(() -> forwarder.accept(targetHost, targetPort));
      return forwarder;
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen on " + localPort, e);
    }
  }

  int port() {
    return server.getLocalPort();
  }

  /** Stops passing bytes, closing nothing. */
  void stall() {
    synchronized (gate) {
      stalled = true;
    }
  }

  /** Passes bytes again, those held during the stall first. */
  void resume() {
    synchronized (gate) {
      stalled = false;
      gate.notifyAll();
    }
  }

  private void awaitOpen() throws InterruptedException {
    synchronized (gate) {
      while (stalled) {
        gate.wait();
      }
    }
  }

  private void accept(String targetHost, int targetPort) {
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

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int read;
      while ((read = in.read(buffer)) >= 0) {
        awaitOpen();
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException closed) {
      // One side hung up; closing both below ends the other pump too.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
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
