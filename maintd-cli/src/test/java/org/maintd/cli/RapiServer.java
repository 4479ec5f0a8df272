package org.maintd.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * A read-only Ganeti RAPI for tests: real HTTPS on an ephemeral loopback port, with a certificate
 * that names no host it is reached by ({@code CN=ganeti.example}, {@code /rapi/server.pem}), as
 * Ganeti's self-signed one. It answers the four reads a snapshot is made of from a folder of saved
 * answers ({@code /rapi/<folder>/}), and when it has a login, refuses requests without it (401, as
 * {@code ganeti-rapi --require-authentication} does).
 */
final class RapiServer implements AutoCloseable {
  private final Server server = new Server();
  private final ServerConnector connector;
  private final Map<String, String> answers = new HashMap<>();
  private final Optional<String> authorization;

  /** Serves the answers of {@code /rapi/folder/}; {@code user} and {@code password} may be null. */
  RapiServer(String folder, String user, String password) throws Exception {
    this.authorization =
        Optional.ofNullable(user)
            .map(
                u ->
                    "Basic "
                        + Base64.getEncoder()
                            .encodeToString((u + ":" + password).getBytes(StandardCharsets.UTF_8)));
    for (String f : List.of("info", "nodes", "instances", "groups")) {
      answers.put(
          f.equals("info") ? "/2/info" : "/2/" + f + "?bulk=1",
          Files.readString(resource("/rapi/" + folder + "/" + f + ".json")));
    }
    SslContextFactory.Server ssl = new SslContextFactory.Server();
    ssl.setKeyStorePath(resource("/rapi/server.p12").toString());
    ssl.setKeyStorePassword("changeit");
    ssl.setKeyStoreType("PKCS12");
    HttpConfiguration http = new HttpConfiguration();
    SecureRequestCustomizer secure = new SecureRequestCustomizer();
    secure.setSniHostCheck(false);
    http.addCustomizer(secure);
    connector =
        new ServerConnector(
            server, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(http));
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            return serve(request, response, callback);
          }
        });
    server.start();
  }

  static Path resource(String name) throws Exception {
    return Path.of(RapiServer.class.getResource(name).toURI());
  }

  String url() {
    return "https://127.0.0.1:" + connector.getLocalPort();
  }

  private boolean serve(Request request, Response response, Callback callback) {
    String seen = request.getHeaders().get(HttpHeader.AUTHORIZATION);
    if (authorization.isPresent() && !authorization.get().equals(seen)) {
      response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Basic realm=\"Ganeti Remote API\"");
      return send(response, callback, 401, "{\"code\": 401, \"message\": \"Unauthorized\"}");
    }
    String path = request.getHttpURI().getPathQuery();
    String answer = answers.get(path);
    if (answer == null) {
      return send(response, callback, 404, "{\"code\": 404, \"message\": \"Not Found\"}");
    }
    return send(response, callback, 200, answer);
  }

  private static boolean send(Response response, Callback callback, int status, String json) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, json, callback);
    return true;
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
