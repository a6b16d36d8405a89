import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A dead webhook receiver for bench/run.sh --dead-webhook: accepts every connection on 127.0.0.1
 * at the port given and never reads or answers, so each delivery waits out the ledger's timeout.
 *
 * <pre>java bench/BlackHole.java 18099</pre>
 */
public class BlackHole {

  public static void main(String[] args) throws IOException {
    List<Socket> held = new ArrayList<>();
    try (ServerSocket server =
        new ServerSocket(Integer.parseInt(args[0]), 1024, InetAddress.getLoopbackAddress())) {
      while (true) {
        held.add(server.accept());
      }
    }
  }
}
