package org.maintd.daemon.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Slow writers against a daemon on loopback: {@code N} connections each send the headers of a
 * change signed in a well-formed way but with a wrong signature, and a part of its body, and then
 * nothing; meanwhile {@code GET /1/health} and {@code GET /1/nodes} are timed once a second. Prints
 * each read's time and status, then how the slow writers were answered.
 *
 * <p>{@code SlowWriters PORT [CONNECTIONS [SECONDS]]} (defaults 200 and 30).
 */
public final class SlowWriters {
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

  private SlowWriters() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int connections = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
    List<Socket> writers = new ArrayList<>();
    for (int i = 0; i < connections; i++) {
      writers.add(slowWriter(port));
    }
    System.out.printf(
        "%d slow writers connected, each sent its headers and 8 of 100 bytes%n", connections);
    HttpClient http = HttpClient.newBuilder().connectTimeout(READ_TIMEOUT).build();
    Instant end = Instant.now().plusSeconds(seconds);
    double worst = 0;
    while (Instant.now().isBefore(end)) {
      Instant round = Instant.now();
      for (String path : List.of("/1/health", "/1/nodes")) {
        worst = Math.max(worst, timed(http, port, path));
      }
      long left = 1000 - Duration.between(round, Instant.now()).toMillis();
      if (left > 0) {
        Thread.sleep(left);
      }
    }
    System.out.printf("slowest read: %.3f s%n", worst);
    System.out.println("the slow writers' answers: " + answers(writers));
  }

  /** A connection that sent the headers of a signed change and 8 bytes of its 100. */
  public static Socket slowWriter(int port) throws IOException {
    Socket s = new Socket();
    s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
    String request =
        "POST /1/pause HTTP/1.1\r\nHost: maintd\r\n"
            + "X-Maintd-Salt: "
            + Instant.now().getEpochSecond()
            + "\r\nX-Maintd-Nonce: "
            + UUID.randomUUID()
            + "\r\nX-Maintd-Hmac: "
            + "ab".repeat(32)
            + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"half\":";
    OutputStream out = s.getOutputStream();
    out.write(request.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return s;
  }

  private static double timed(HttpClient http, int port, String path) {
    long start = System.nanoTime();
    String outcome;
    try {
      HttpResponse<byte[]> r =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                  .timeout(READ_TIMEOUT)
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      outcome = r.statusCode() + ", " + r.body().length + " bytes";
    } catch (IOException e) {
      outcome = "failed: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      outcome = "interrupted";
    }
    double s = (System.nanoTime() - start) / 1e9;
    System.out.printf("%s GET %-10s %7.3f s  %s%n", Instant.now(), path, s, outcome);
    return s;
  }

  /** How many slow writers got which status line, or none yet; closes them. */
  private static Map<String, Integer> answers(List<Socket> writers) throws IOException {
    Map<String, Integer> seen = new TreeMap<>();
    for (Socket s : writers) {
      s.setSoTimeout(1);
      String status;
      try (s) {
        byte[] head = new byte[12];
        InputStream in = s.getInputStream();
        int n = in.readNBytes(head, 0, 12);
        status = n < 12 ? "closed without an answer" : new String(head, StandardCharsets.US_ASCII);
      } catch (java.net.SocketTimeoutException e) {
        status = "no answer yet";
      } catch (IOException e) {
        status = "reset";
      }
      seen.merge(status.strip(), 1, Integer::sum);
    }
    return seen;
  }
}
