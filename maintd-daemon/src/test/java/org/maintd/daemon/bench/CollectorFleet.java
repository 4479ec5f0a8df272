package org.maintd.daemon.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.maintd.http.HttpJson;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignedJson;

/**
 * Benchmark peer: N simulated collectors served by one Jetty server on loopback, spread over 64
 * loopback addresses (127.1.0.1 to 127.1.0.64) so that the poller sees many destinations. Each
 * node's report is signed with the cluster key once at start. Writes "node url" lines to a file.
 * {@code CollectorFleet N KEYFILE URLFILE}.
 */
public final class CollectorFleet {
  private CollectorFleet() {}

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    HmacKey key = HmacKey.fromFileContent(Files.readAllBytes(Path.of(args[1])));
    QueuedThreadPool pool = new QueuedThreadPool(400);
    Server server = new Server(pool);
    List<ServerConnector> connectors = new ArrayList<>();
    for (int a = 1; a <= 64; a++) {
      ServerConnector c = new ServerConnector(server, 1, 1);
      c.setHost("127.1.0." + a);
      c.setAcceptQueueSize(4096);
      server.addConnector(c);
      connectors.add(c);
    }
    String[] reports = new String[n];
    Instant now = Instant.now();
    for (int i = 0; i < n; i++) {
      Map<String, Object> data =
          i % 100 == 0
              ? Map.of("status", "evacuate", "details", Map.of("disk", "sdb"))
              : Map.of("status", "Ok");
      reports[i] =
          SignedJson.write(
              key.sign(Json.write(DiagnoseReport.of("node" + i, data, now, null)), now));
    }
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            String path = Request.getPathInContext(request);
            int node = Integer.parseInt(path.substring(3, path.indexOf('/', 3)));
            return HttpJson.sendText(response, callback, 200, reports[node]);
          }
        });
    server.start();
    StringBuilder urls = new StringBuilder();
    for (int i = 0; i < n; i++) {
      ServerConnector c = connectors.get(i % connectors.size());
      urls.append("node")
          .append(i)
          .append(' ')
          .append("http://")
          .append(c.getHost())
          .append(':')
          .append(c.getLocalPort())
          .append("/n/")
          .append(i)
          .append('\n');
    }
    Files.writeString(Path.of(args[2]), urls.toString(), StandardCharsets.UTF_8);
    server.join();
  }
}
