package org.maintd.daemon.bench;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * The reference of {@code scripts/bench/http}: a bare Jetty handler that answers each path with the
 * bytes of a file, read once at start ({@code DIR/1/status} for {@code /1/status}), as JSON. What
 * the daemon's API costs beyond Jetty itself is the difference in throughput. A path with a query
 * is a file named with it ({@code DIR/1/nodes?limit=50}).
 *
 * <p>Usage: {@code SameBytesServer DIR PORTFILE}; writes the port it listens on to PORTFILE.
 */
public final class SameBytesServer {
  private SameBytesServer() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Map<String, byte[]> bodies = new HashMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        bodies.put("/" + dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
      }
    }
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            String query = request.getHttpURI().getQuery();
            byte[] body =
                bodies.get(Request.getPathInContext(request) + (query == null ? "" : "?" + query));
            if (body == null) {
              response.setStatus(404);
              callback.succeeded();
              return true;
            }
            response.setStatus(200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
          }
        });
    server.start();
    Files.writeString(Path.of(args[1]), Integer.toString(connector.getLocalPort()));
    server.join();
  }
}
