package dev.ewallet.ledger;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One request written byte for byte on a connection of its own, for what no HTTP client library
 * sends: a malformed request line, URL or header, a method nobody serves, bytes outside ASCII. The
 * request asks the server to close the connection, and the reply is read until it does.
 */
final class RawHttp {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  record Reply(int status, Map<String, String> headers, String body) {

    /** A header's value by its name in any case, or {@code null}. */
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    JsonNode json() {
      return JSON.readTree(body);
    }
  }

  private RawHttp() {}

  /** Sends {@code requestLine}, {@code Host}, each header, {@code Connection: close} and reads. */
  static Reply exchange(int port, String requestLine, String... headers) throws IOException {
    StringBuilder head = new StringBuilder(requestLine).append("\r\nHost: 127.0.0.1\r\n");
    for (String header : headers) {
      head.append(header).append("\r\n");
    }
    return exchangeHead(port, head.append("Connection: close\r\n\r\n").toString());
  }

  /** Sends {@code head} as it is (ISO-8859-1, so any byte can be written) and reads the reply. */
  static Reply exchangeHead(int port, String head) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      socket.getInputStream().transferTo(received);
      return parse(received.toString(StandardCharsets.UTF_8));
    }
  }

  private static Reply parse(String reply) throws IOException {
    int end = reply.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new IOException("the server closed the connection without a whole reply: " + reply);
    }
    String[] lines = reply.substring(0, end).split("\r\n");
    Map<String, String> headers = new TreeMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(
          lines[i].substring(0, colon).toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).trim());
    }
    return new Reply(Integer.parseInt(lines[0].split(" ")[1]), headers, reply.substring(end + 4));
  }
}
