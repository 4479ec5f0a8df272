package org.maintd.daemon.backend.ganeti;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.tls.PemCertificates;
import org.maintd.protocol.tls.RapiLogin;
import org.maintd.spi.BackendException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Talks to Ganeti's RAPI: JSON in and out, basic auth, a time limit per request. Reads are tried
 * again (up to {@link RapiSettings#readAttempts()} times) when no answer came or the answer was a
 * server error; changes are sent once: after a failed change the caller looks the job up before
 * deciding anything. Errors carry Ganeti's own message. Thread-safe.
 */
public final class RapiClient implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RapiClient.class);

  private final RapiSettings settings;
  private final RapiLogin credentials;
  private final HttpClient http;

  public RapiClient(RapiSettings settings) {
    this.settings = settings;
    this.credentials = login(settings.credentials());
    SslContextFactory.Client ssl = new SslContextFactory.Client();
    if (settings.trust() != null) {
      ssl.setTrustStore(trust(settings.trust()));
    }
    if (!settings.verifyHostname()) {
      ssl.setEndpointIdentificationAlgorithm(null);
    }
    ClientConnector connector = new ClientConnector();
    connector.setSslContextFactory(ssl);
    connector.setConnectTimeout(settings.timeout());
    this.http = new HttpClient(new HttpClientTransportOverHTTP(connector));
    http.setFollowRedirects(false);
    // 401 and the like are answers to report, not challenges to answer: credentials go with every
    // request.
    http.getProtocolHandlers().clear();
    try {
      http.start();
    } catch (Exception e) {
      throw new RapiException("cannot start the RAPI client: " + e.getMessage(), e);
    }
  }

  /** GET, tried again on no answer or a 5xx answer. */
  public Object get(String path) {
    RapiException last = null;
    for (int attempt = 1; attempt <= Math.max(1, settings.readAttempts()); attempt++) {
      try {
        return send("GET", path, Map.of(), null);
      } catch (RapiException e) {
        if (e.status() != 0 && e.status() < 500) {
          throw e;
        }
        last = e;
        log.debug("RAPI GET {} failed (attempt {}): {}", path, attempt, e.getMessage());
      }
    }
    throw last;
  }

  /** A change (PUT, POST, DELETE), sent once; answers Ganeti's JSON (a job id for jobs). */
  public Object change(String method, String path, Map<String, String> query, Object body) {
    return send(method, path, query, body);
  }

  private Object send(String method, String path, Map<String, String> query, Object body) {
    StringBuilder uri =
        new StringBuilder(settings.url().toString().replaceAll("/+$", "")).append(path);
    char sep = path.contains("?") ? '&' : '?';
    for (Map.Entry<String, String> q : query.entrySet()) {
      uri.append(sep).append(enc(q.getKey())).append('=').append(enc(q.getValue()));
      sep = '&';
    }
    Request request =
        http.newRequest(uri.toString())
            .method(method)
            .headers(
                h ->
                    h.put(HttpHeader.AUTHORIZATION, credentials.header())
                        .put(HttpHeader.ACCEPT, "application/json"))
            .timeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
    if (body != null) {
      request.body(
          new StringRequestContent("application/json", Json.write(body), StandardCharsets.UTF_8));
    }
    String call = "RAPI " + method + " " + path;
    ContentResponse response;
    try {
      response = request.send();
    } catch (TimeoutException e) {
      throw new RapiException(
          call + ": no answer within " + settings.timeout().toMillis() + " ms", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new RapiException(
          call + " at " + settings.url() + " failed: " + cause.getMessage(), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RapiException(call + " interrupted", e);
    }
    String text = response.getContentAsString();
    if (response.getStatus() != 200) {
      throw new RapiException(
          response.getStatus(),
          call + " answered " + response.getStatus() + ": " + ganetiMessage(text));
    }
    try {
      return Json.parse(text);
    } catch (JsonProcessingException e) {
      throw new RapiException(
          response.getStatus(),
          call
              + " answered something that is not JSON: "
              + text.substring(0, Math.min(200, text.length())));
    }
  }

  /** Ganeti's error body is {@code {"code": 404, "message": "...", "explain": "..."}}. */
  private static String ganetiMessage(String text) {
    try {
      if (Json.parse(text) instanceof Map<?, ?> m && m.get("message") != null) {
        return m.get("message")
            + (m.get("explain") instanceof String x && !x.isEmpty() ? " (" + x + ")" : "");
      }
    } catch (JsonProcessingException e) {
      // not JSON: the text itself, shortened, says what happened
    }
    return text.length() > 300 ? text.substring(0, 300) + "..." : text;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    try {
      http.stop();
    } catch (Exception e) {
      log.warn("stopping the RAPI client: {}", e.toString());
    }
  }

  /**
   * The RAPI login in {@code file}, as maintctl reads it too; a {@link BackendException} if bad.
   */
  static RapiLogin login(Path file) {
    try {
      return RapiLogin.read(file);
    } catch (IllegalArgumentException e) {
      throw new BackendException(e.getMessage(), e);
    }
  }

  /** The certificates of {@code pem} to trust, as maintctl reads them too. */
  static KeyStore trust(Path pem) {
    try {
      return PemCertificates.trustStore(pem);
    } catch (IllegalArgumentException e) {
      throw new BackendException(e.getMessage(), e);
    }
  }
}
