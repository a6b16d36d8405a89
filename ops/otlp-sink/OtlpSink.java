/*
 * A minimal OTLP/HTTP trace receiver for local checks and the benchmarks, JDK only:
 *
 *   java ops/otlp-sink/OtlpSink.java [--port 4318] [--quiet]
 *
 * Accepts POST /v1/traces (OTLP protobuf, as OpenTelemetry's exporters send by default), answers
 * 200, and prints one line per span: trace id, span id, parent span id (or -), kind, name and the
 * spans it links to; --quiet prints only a count of spans every ten seconds (for benchmarks).
 * Point the service at it with OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318. Any OTLP
 * collector (the OpenTelemetry Collector, Jaeger, Tempo) receives the same requests.
 */
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

public class OtlpSink {

  private static final String[] KINDS = {
    "UNSPECIFIED", "INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"
  };
  private static final AtomicLong SPANS = new AtomicLong();

  public static void main(String[] args) throws IOException {
    int port = 4318;
    boolean quiet = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--quiet" -> quiet = true;
        default -> throw new IllegalArgumentException("usage: OtlpSink [--port P] [--quiet]");
      }
    }
    boolean printSpans = !quiet;
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 64);
    server.createContext("/v1/traces", exchange -> receive(exchange, printSpans));
    server.setExecutor(Executors.newFixedThreadPool(2));
    server.start();
    System.out.println("otlp-sink listening on 127.0.0.1:" + port + "/v1/traces");
    if (quiet) {
      Thread.ofPlatform().daemon().start(OtlpSink::countEveryTenSeconds);
    }
  }

  private static void receive(HttpExchange exchange, boolean printSpans) throws IOException {
    try (exchange) {
      InputStream body = exchange.getRequestBody();
      if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
        body = new GZIPInputStream(body);
      }
      List<String> spans = new ArrayList<>();
      request(ByteBuffer.wrap(body.readAllBytes()), spans);
      SPANS.addAndGet(spans.size());
      if (printSpans) {
        synchronized (System.out) {
          spans.forEach(System.out::println);
          System.out.flush();
        }
      }
      exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
      exchange.sendResponseHeaders(200, -1);
    }
  }

  private static void countEveryTenSeconds() {
    while (true) {
      try {
        Thread.sleep(10_000);
      } catch (InterruptedException e) {
        return;
      }
      System.out.println("otlp-sink spans received: " + SPANS.get());
    }
  }

  // ExportTraceServiceRequest: 1 resource_spans; ResourceSpans: 2 scope_spans; ScopeSpans: 2 spans.
  private static void request(ByteBuffer message, List<String> spans) {
    forEachField(message, (field, value) -> {
      if (field == 1) {
        forEachField(value, (f, scopeSpans) -> {
          if (f == 2) {
            forEachField(scopeSpans, (g, span) -> {
              if (g == 2) {
                spans.add(span(span));
              }
            });
          }
        });
      }
    });
  }

  // Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind (varint), 13 links.
  private static String span(ByteBuffer span) {
    String[] fields = {"", "", "-", "", "UNSPECIFIED"};
    List<String> links = new ArrayList<>();
    while (span.hasRemaining()) {
      long key = varint(span);
      int field = (int) (key >>> 3);
      int wire = (int) (key & 7);
      if (wire == 0) {
        long value = varint(span);
        if (field == 6 && value >= 0 && value < KINDS.length) {
          fields[4] = KINDS[(int) value];
        }
        continue;
      }
      if (wire != 2) {
        skip(span, wire);
        continue;
      }
      ByteBuffer value = lengthDelimited(span);
      switch (field) {
        case 1 -> fields[0] = hex(value);
        case 2 -> fields[1] = hex(value);
        case 4 -> fields[2] = value.hasRemaining() ? hex(value) : "-";
        case 5 -> fields[3] = utf8(value);
        case 13 -> links.add(link(value));
        default -> {}
      }
    }
    return String.join(" ", fields[0], fields[1], fields[2], fields[4], fields[3])
        + (links.isEmpty() ? "" : " links=" + String.join(",", links));
  }

  private static String link(ByteBuffer link) {
    String[] ids = {"", ""};
    forEachField(link, (field, value) -> {
      if (field == 1 || field == 2) {
        ids[field - 1] = hex(value);
      }
    });
    return ids[0] + ":" + ids[1];
  }

  private interface FieldVisitor {
    void visit(int field, ByteBuffer value);
  }

  /** Calls the visitor for each length-delimited field; skips the others. */
  private static void forEachField(ByteBuffer message, FieldVisitor visitor) {
    while (message.hasRemaining()) {
      long key = varint(message);
      int wire = (int) (key & 7);
      if (wire == 2) {
        visitor.visit((int) (key >>> 3), lengthDelimited(message));
      } else {
        skip(message, wire);
      }
    }
  }

  private static void skip(ByteBuffer message, int wire) {
    switch (wire) {
      case 0 -> varint(message);
      case 1 -> message.position(message.position() + 8);
      case 2 -> lengthDelimited(message);
      case 5 -> message.position(message.position() + 4);
      default -> throw new IllegalArgumentException("wire type " + wire);
    }
  }

  private static ByteBuffer lengthDelimited(ByteBuffer message) {
    int length = (int) varint(message);
    ByteBuffer value = message.slice(message.position(), length).order(ByteOrder.LITTLE_ENDIAN);
    message.position(message.position() + length);
    return value;
  }

  private static long varint(ByteBuffer message) {
    long value = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = message.get();
      value |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return value;
      }
    }
  }

  private static String hex(ByteBuffer value) {
    byte[] bytes = new byte[value.remaining()];
    value.get(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static String utf8(ByteBuffer value) {
    byte[] bytes = new byte[value.remaining()];
    value.get(bytes);
    return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }
}
