package org.maintd.rapi.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLException;
import org.maintd.protocol.json.Json;
import org.maintd.rapi.client.RapiFailure.Kind;

/**
 * The one client of Ganeti's RAPI, the daemon's and maintctl's: JSON in and out over HTTP/1.1, the
 * login with every request (a 401 is an answer to report, not a challenge to answer), no redirects,
 * the endpoint's time limits. Reads are tried again (up to {@link RapiEndpoint#readAttempts()}
 * times) when no answer came or the answer was a server error; changes are sent once: after a
 * failed change the caller looks the job up before deciding anything. Every failure is a {@link
 * RapiFailure} carrying Ganeti's own message; a {@link RapiWatcher} is told of every attempt.
 * Thread-safe.
 */
public final class RapiHttp {
  private final RapiEndpoint endpoint;
  private final HttpClient http;
  private final RapiWatcher watcher;

  /**
   * A client of {@code endpoint}; an {@link IllegalArgumentException} saying what is wrong when its
   * trust file is unusable.
   */
  public RapiHttp(RapiEndpoint endpoint) {
    this(endpoint, RapiWatcher.NONE);
  }

  /** A client of {@code endpoint} that tells {@code watcher} of every exchange. */
  public RapiHttp(RapiEndpoint endpoint, RapiWatcher watcher) {
    this.endpoint = endpoint;
    this.watcher = watcher;
    HttpClient.Builder b =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(endpoint.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER);
    if (endpoint.tls()) {
      b.sslContext(PinnedTrust.of(endpoint.trust().orElse(null), endpoint.verifyHostname()));
    }
    this.http = b.build();
  }

  public RapiEndpoint endpoint() {
    return endpoint;
  }

  /** GET {@code path}, tried again on no answer or a 5xx answer; Ganeti's JSON. */
  public Object get(String path) {
    RapiFailure last = null;
    for (int attempt = 1; attempt <= Math.max(1, endpoint.readAttempts()); attempt++) {
      try {
        return send("GET", path, Map.of(), null);
      } catch (RapiFailure e) {
        if (!e.retriable()) {
          throw e;
        }
        last = e;
      }
    }
    throw last;
  }

  /** A change (PUT, POST, DELETE), sent once; Ganeti's JSON answer (a job id for jobs). */
  public Object change(String method, String path, Map<String, String> query, Object body) {
    return send(method, path, query, body);
  }

  private Object send(String method, String path, Map<String, String> query, Object body) {
    String call = "RAPI " + method + " " + path;
    long started = System.nanoTime();
    try {
      Object answer = exchange(call, method, path, query, body);
      watcher.answered(call, Duration.ofNanos(System.nanoTime() - started));
      return answer;
    } catch (RapiFailure e) {
      watcher.failed(call, e, Duration.ofNanos(System.nanoTime() - started));
      throw e;
    }
  }

  private Object exchange(
      String call, String method, String path, Map<String, String> query, Object body) {
    StringBuilder uri =
        new StringBuilder(endpoint.base().toString().replaceAll("/+$", "")).append(path);
    char sep = path.contains("?") ? '&' : '?';
    for (Map.Entry<String, String> q : query.entrySet()) {
      uri.append(sep).append(enc(q.getKey())).append('=').append(enc(q.getValue()));
      sep = '&';
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(uri.toString()))
            .timeout(endpoint.answerTimeout())
            .header("Accept", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(
                        Json.write(body), StandardCharsets.UTF_8));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    endpoint.login().ifPresent(l -> request.header("Authorization", l.header()));
    HttpResponse<String> response = answer(call, request.build());
    String text = response.body();
    int status = response.statusCode();
    if (status != 200) {
      String said = ganetiMessage(text);
      throw new RapiFailure(
          Kind.STATUS, status, call + " answered " + status + ": " + said, said, null);
    }
    try {
      return Json.parse(text);
    } catch (JsonProcessingException e) {
      String start = text.substring(0, Math.min(200, text.length()));
      throw new RapiFailure(
          Kind.NOT_JSON, status, call + " answered something that is not JSON: " + start, start, e);
    }
  }

  private HttpResponse<String> answer(String call, HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (HttpConnectTimeoutException e) {
      throw noAnswer(Kind.NO_CONNECTION, call, "no connection within " + millis(), e);
    } catch (HttpTimeoutException e) {
      throw new RapiFailure(
          Kind.NO_ANSWER, 0, call + ": no answer within " + millis(), "no answer in time", e);
    } catch (ConnectException e) {
      throw noAnswer(Kind.NO_CONNECTION, call, causeOf(e, "Connection refused"), e);
    } catch (SSLException e) {
      throw noAnswer(Kind.TLS, call, causeOf(e, "TLS failed"), e);
    } catch (IOException e) {
      throw noAnswer(Kind.IO, call, causeOf(e, e.getClass().getSimpleName()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RapiFailure(Kind.INTERRUPTED, 0, call + " interrupted", "interrupted", e);
    }
  }

  private RapiFailure noAnswer(Kind kind, String call, String detail, Throwable cause) {
    return new RapiFailure(
        kind, 0, call + " at " + endpoint.base() + " failed: " + detail, detail, cause);
  }

  private String millis() {
    return endpoint.answerTimeout().toMillis() + " ms";
  }

  /** The deepest message of {@code e}'s causes, or {@code otherwise} when none says anything. */
  private static String causeOf(Throwable e, String otherwise) {
    String message = null;
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        message = t.getMessage();
      }
    }
    return message == null ? otherwise : message;
  }

  /** Ganeti's error body is {@code {"code": 404, "message": "...", "explain": "..."}}. */
  static String ganetiMessage(String text) {
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
}
