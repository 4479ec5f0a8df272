package org.maintd.daemon.backend.ganeti;

import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * A RAPI server for tests, over real HTTPS on an ephemeral loopback port, with a self-signed
 * certificate naming no host (as Ganeti's does). It answers the recorded answers of a real Ganeti
 * 3.0 cluster, records every request, gives each change a new job id, and can be told to fail: a
 * status for the next requests, or a delay longer than the client's time limit. The edge where a
 * real cluster cannot produce the fault on demand.
 */
final class FakeRapi implements AutoCloseable {
  static final String USER = "maintd";
  static final String PASSWORD = "maintd-secret";

  record Seen(String method, String pathAndQuery, String body) {}

  final List<Seen> requests = new CopyOnWriteArrayList<>();
  final Map<String, String> jobs = new ConcurrentHashMap<>();
  final Map<String, String> answers = new ConcurrentHashMap<>();
  final AtomicLong nextJob = new AtomicLong(100);
  final AtomicInteger failNext = new AtomicInteger();

  /** Like {@link #failNext}, for changes only (PUT, POST, DELETE): reads go through. */
  final AtomicInteger failNextChanges = new AtomicInteger();

  volatile int failStatus = 500;
  volatile Duration delay = Duration.ZERO;

  /**
   * Delays the answer to the next change after its job was created: the answer is lost, the job is
   * not.
   */
  volatile Duration loseNextAnswer = Duration.ZERO;

  final Path certificate;
  final Path credentials;
  private final Server server = new Server();
  private final ServerConnector connector;

  FakeRapi(Path dir) throws Exception {
    KeyPairGenerator gen = KeyPairGenerator.getInstance("RSA");
    gen.initialize(2048);
    KeyPair pair = gen.generateKeyPair();
    X500Name name = new X500Name("CN=ganeti.example");
    Instant now = Instant.now();
    X509Certificate cert =
        new JcaX509CertificateConverter()
            .getCertificate(
                new JcaX509v3CertificateBuilder(
                        name,
                        BigInteger.valueOf(now.toEpochMilli()),
                        Date.from(now.minusSeconds(60)),
                        Date.from(now.plus(Duration.ofDays(1))),
                        name,
                        pair.getPublic())
                    .build(new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate())));
    StringWriter pem = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(pem)) {
      w.writeObject(pair.getPrivate());
      w.writeObject(cert);
    }
    certificate = dir.resolve("rapi.pem");
    Files.writeString(certificate, pem.toString());
    credentials = dir.resolve("rapi-credentials");
    Files.writeString(credentials, USER + " " + PASSWORD + "\n");
    Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));

    KeyStore keys = KeyStore.getInstance(KeyStore.getDefaultType());
    keys.load(null, null);
    keys.setKeyEntry(
        "rapi",
        pair.getPrivate(),
        "secret".toCharArray(),
        new java.security.cert.Certificate[] {cert});
    SslContextFactory.Server ssl = new SslContextFactory.Server();
    ssl.setKeyStore(keys);
    ssl.setKeyStorePassword("secret");
    org.eclipse.jetty.server.HttpConfiguration http =
        new org.eclipse.jetty.server.HttpConfiguration();
    org.eclipse.jetty.server.SecureRequestCustomizer secure =
        new org.eclipse.jetty.server.SecureRequestCustomizer();
    secure.setSniHostCheck(false);
    http.addCustomizer(secure);
    connector =
        new ServerConnector(
            server,
            new org.eclipse.jetty.server.SslConnectionFactory(ssl, "http/1.1"),
            new org.eclipse.jetty.server.HttpConnectionFactory(http));
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            return serve(request, response, callback);
          }
        });
    for (String f : List.of("info", "nodes", "instances", "groups")) {
      String text =
          Files.readString(Path.of(getClass().getResource("/rapi-sandbox/" + f + ".json").toURI()));
      answers.put(f.equals("info") ? "/2/info" : "/2/" + f + "?bulk=1", text);
    }
    server.start();
  }

  String url() {
    return "https://127.0.0.1:" + connector.getLocalPort();
  }

  RapiSettings settings(Duration timeout) {
    return new RapiSettings(
        java.net.URI.create(url()), certificate, false, credentials, timeout, 3);
  }

  static String resource(String name) throws Exception {
    return Files.readString(Path.of(FakeRapi.class.getResource(name).toURI()));
  }

  private boolean serve(Request request, Response response, Callback callback) throws Exception {
    String query = request.getHttpURI().getQuery();
    String path = request.getHttpURI().getPath() + (query == null ? "" : "?" + query);
    String body = Content.Source.asString(request, StandardCharsets.UTF_8);
    requests.add(new Seen(request.getMethod(), path, body));
    if (!delay.isZero()) {
      Thread.sleep(delay.toMillis());
    }
    String auth = request.getHeaders().get(HttpHeader.AUTHORIZATION);
    String expected =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    if (!expected.equals(auth)) {
      response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Basic realm=\"Ganeti Remote API\"");
      return send(
          response,
          callback,
          401,
          "{\"code\": 401, \"message\": \"Unauthorized\", \"explain\": \"Bad credentials\"}");
    }
    boolean change = !request.getMethod().equals("GET");
    if (failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0
        || change && failNextChanges.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return send(
          response,
          callback,
          failStatus,
          "{\"code\": " + failStatus + ", \"message\": \"injected failure\"}");
    }
    if (request.getMethod().equals("GET")) {
      String plain = request.getHttpURI().getPath();
      if (plain.startsWith("/2/jobs/") && !plain.endsWith("/wait")) {
        String job = jobs.get(plain.substring("/2/jobs/".length()));
        return job == null
            ? send(response, callback, 404, "{\"code\": 404, \"message\": \"Job not found\"}")
            : send(response, callback, 200, job);
      }
      if (plain.endsWith("/wait")) {
        return send(response, callback, 200, "{\"job_info\": [\"success\"], \"log_entries\": []}");
      }
      if (path.equals("/2/jobs?bulk=1")) {
        return send(response, callback, 200, "[" + String.join(", ", jobs.values()) + "]");
      }
      String answer = answers.get(path);
      return answer == null
          ? send(response, callback, 404, "{\"code\": 404, \"message\": \"Not found\"}")
          : send(response, callback, 200, answer);
    }
    long id = nextJob.getAndIncrement();
    jobs.put(Long.toString(id), job(id, "success", path, List.of()));
    Duration lose = loseNextAnswer;
    if (!lose.isZero()) {
      loseNextAnswer = Duration.ZERO;
      Thread.sleep(lose.toMillis());
    }
    return send(response, callback, 200, Long.toString(id));
  }

  private static boolean send(Response response, Callback callback, int status, String json) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, json, callback);
    return true;
  }

  /** A job as RAPI shows it, with the reason trail of the request that created it. */
  static String job(long id, String status, String pathAndQuery, List<String> errors) {
    String reason = "";
    int at = pathAndQuery.indexOf("reason=");
    if (at >= 0) {
      String raw = pathAndQuery.substring(at + "reason=".length()).split("&")[0];
      reason = java.net.URLDecoder.decode(raw, StandardCharsets.UTF_8);
    }
    List<String> results = new ArrayList<>();
    errors.forEach(
        e -> results.add("[\"OpExecError\", [" + org.maintd.protocol.json.Json.write(e) + "]]"));
    return "{\"id\": "
        + id
        + ", \"status\": \""
        + status
        + "\", \"ops\": [{\"reason\": [[\"gnt:user\", "
        + org.maintd.protocol.json.Json.write(reason)
        + ", 1], [\"gnt:library:rlib2\", \"\", 2]]}], \"opresult\": ["
        + (results.isEmpty() ? "null" : String.join(", ", results))
        + "]}";
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (Exception e) {
      throw new IllegalStateException("cannot stop the fake RAPI", e);
    }
  }
}
