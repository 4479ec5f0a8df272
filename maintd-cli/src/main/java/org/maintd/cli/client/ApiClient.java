package org.maintd.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.maintd.protocol.api.ErrorBody;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.rapi.client.PinnedTrust;

/**
 * maintctl's view of the daemon's HTTP API: GETs as they are, POSTs and DELETEs signed with the
 * cluster key, answers bound to maintd-protocol's records (fields a newer daemon adds are ignored).
 * Every failure is an {@link ApiException} whose message says what the daemon or the network said.
 */
public final class ApiClient {
  private final URI base;
  private final Path keyFile;
  private final HttpClient http;

  public ApiClient(String url, Path keyFile) {
    this(url, keyFile, null);
  }

  /**
   * A client of the daemon at {@code url}, signing with {@code keyFile}; over HTTPS it trusts the
   * certificates of {@code caFile} only (null: the JVM's trusted CAs).
   */
  public ApiClient(String url, Path keyFile, Path caFile) {
    this.base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    this.keyFile = keyFile;
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
    if (caFile != null) {
      try {
        b.sslContext(PinnedTrust.of(caFile, false));
      } catch (IllegalArgumentException e) {
        throw new ApiException("--ca-file: " + e.getMessage());
      }
    }
    this.http = b.build();
  }

  public <T> T get(String path, Class<T> type) {
    return read(
        send(() -> HttpRequest.newBuilder(base.resolve(path)).GET(), path),
        Json.LENIENT.constructType(type));
  }

  /** A read's answer and its entity tag ({@code ETag}, empty when the daemon sent none). */
  public record Tagged<T>(T body, Optional<String> etag) {}

  /** A GET, its answer bound to {@code type}, with the answer's {@code ETag}. */
  public <T> Tagged<T> getTagged(String path, Class<T> type) {
    HttpResponse<String> r = exchange(() -> HttpRequest.newBuilder(base.resolve(path)).GET(), path);
    return new Tagged<>(
        read(r.body(), Json.LENIENT.constructType(type)), r.headers().firstValue("ETag"));
  }

  /**
   * A signed POST sent only if the resource is still at {@code ifMatch} (its {@code ETag} as read);
   * a {@link Stale} when it is not.
   */
  public <T> T post(String path, Object body, Optional<String> ifMatch, Class<T> type) {
    String json = Json.write(body);
    HmacKey key = key();
    return read(
        send(() -> conditional(signed(key, "POST", path, json), ifMatch), path),
        Json.LENIENT.constructType(type));
  }

  /** A signed DELETE sent only if the resource is still at {@code ifMatch}, as {@link #post}. */
  public <T> T delete(String path, Optional<String> ifMatch, Class<T> type) {
    HmacKey key = key();
    return read(
        send(() -> conditional(signed(key, "DELETE", path, ""), ifMatch), path),
        Json.LENIENT.constructType(type));
  }

  private static HttpRequest.Builder conditional(
      HttpRequest.Builder request, Optional<String> ifMatch) {
    ifMatch.ifPresent(tag -> request.header("If-Match", tag));
    return request;
  }

  /**
   * A GET read whatever its status, for an endpoint whose failure answer is its ordinary body
   * ({@code /1/health} answers 503 with the health of a daemon that failed). Not sent on to a
   * leader: the daemon asked is the one that answers.
   */
  public <T> T getAnyStatus(String path, Class<T> type) {
    HttpResponse<String> response =
        exchange(HttpRequest.newBuilder(base.resolve(path)).GET(), base, path);
    return read(response.body(), Json.LENIENT.constructType(type));
  }

  /** A page of a list read and where the next one starts ({@code after=}), empty on the last. */
  public record Paged<T>(T body, Optional<String> after) {}

  /** A GET of a list's page, its answer bound to {@code type}, with its next page's start. */
  public <T> Paged<T> getPage(String path, TypeReference<T> type) {
    HttpResponse<String> r = exchange(() -> HttpRequest.newBuilder(base.resolve(path)).GET(), path);
    return new Paged<>(
        read(r.body(), Json.LENIENT.constructType(type)),
        r.headers().firstValue("Link").flatMap(NextPage::after));
  }

  public <T> T get(String path, TypeReference<T> type) {
    return read(
        send(() -> HttpRequest.newBuilder(base.resolve(path)).GET(), path),
        Json.LENIENT.constructType(type));
  }

  public <T> T post(String path, Object body, Class<T> type) {
    return read(post(path, body), Json.LENIENT.constructType(type));
  }

  public <T> T post(String path, Object body, TypeReference<T> type) {
    return read(post(path, body), Json.LENIENT.constructType(type));
  }

  private String post(String path, Object body) {
    String json = Json.write(body);
    HmacKey key = key();
    return send(() -> signed(key, "POST", path, json), path);
  }

  /** A signed DELETE, its answer bound to {@code type}. */
  public <T> T delete(String path, Class<T> type) {
    HmacKey key = key();
    return read(
        send(() -> signed(key, "DELETE", path, ""), path), Json.LENIENT.constructType(type));
  }

  /**
   * A POST of {@code json} signed now, with a nonce of its own: each daemon accepts a signature
   * once, so a request sent on to the leader is signed again.
   */
  private HttpRequest.Builder signed(HmacKey key, String method, String path, String json) {
    String nonce = UUID.randomUUID().toString();
    SignedMessage signed =
        key.sign(RequestSignature.text(method, path, nonce, json), Clock.systemUTC().instant());
    return HttpRequest.newBuilder(base.resolve(path))
        .header("Content-Type", "application/json")
        .header(RequestSignature.SALT_HEADER, signed.salt())
        .header(RequestSignature.NONCE_HEADER, nonce)
        .header(RequestSignature.HMAC_HEADER, signed.hmac())
        .method(method, HttpRequest.BodyPublishers.ofString(json));
  }

  private HmacKey key() {
    if (keyFile == null) {
      throw new ApiException(
          "changes must be signed: give --key-file or set MAINTD_KEY_FILE (on the master: /var/lib/maintd/hmac.key)");
    }
    try {
      return HmacKey.fromFileContent(Files.readAllBytes(keyFile));
    } catch (IOException | IllegalArgumentException e) {
      throw new ApiException("cannot read key file " + keyFile + ": " + e.getMessage());
    }
  }

  /**
   * Sends the request {@code request} makes; a standby's refusal that names the leader is sent once
   * more, to the leader, as a new request (signed again: the first signature is spent).
   */
  private String send(java.util.function.Supplier<HttpRequest.Builder> request, String path) {
    return exchange(request, path).body();
  }

  /**
   * The answer of 200 to the request {@code request} makes, sent on to the leader if need be; an
   * {@link ApiException} saying what the daemon answered otherwise ({@link Stale} for 412).
   */
  private HttpResponse<String> exchange(
      java.util.function.Supplier<HttpRequest.Builder> request, String path) {
    HttpResponse<String> response = exchange(request.get(), base, path);
    String leader = leaderNamedBy(response);
    if (!leader.isEmpty()) {
      URI to = URI.create(leader.endsWith("/") ? leader.substring(0, leader.length() - 1) : leader);
      response = exchange(request.get().uri(to.resolve(path)), to, path);
    }
    if (response.statusCode() != 200) {
      String message;
      try {
        message = Json.LENIENT.readValue(response.body(), ErrorBody.class).message();
      } catch (JsonProcessingException e) {
        message = response.body();
      }
      String said =
          "maintd answered "
              + response.statusCode()
              + ": "
              + (message == null || message.isBlank() ? "(no message)" : message);
      throw response.statusCode() == 412 ? new Stale(said) : new ApiException(said);
    }
    return response;
  }

  /** The daemon refused a conditional change: what it was made from is no longer current. */
  public static final class Stale extends ApiException {
    public Stale(String message) {
      super(message);
    }
  }

  /** The leader's URL when {@code response} is a standby's refusal naming it, else empty. */
  private static String leaderNamedBy(HttpResponse<String> response) {
    if (response.statusCode() != 503) {
      return "";
    }
    try {
      Object body = Json.parse(response.body());
      if (body instanceof java.util.Map<?, ?> m
          && "not-leader".equals(m.get("error"))
          && m.get("leader_url") instanceof String url) {
        return url;
      }
    } catch (JsonProcessingException e) {
      // not JSON: reported as it is
    }
    return "";
  }

  private HttpResponse<String> exchange(HttpRequest.Builder request, URI to, String path) {
    try {
      return http.send(
          request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw new ApiException(
          "cannot connect to maintd at " + to + " (is it running? see --url or MAINTD_URL)");
    } catch (javax.net.ssl.SSLException e) {
      if (String.valueOf(e.getMessage()).matches("(?s).*[Uu]nrecognized SSL message.*")) {
        throw new ApiException(
            "maintd at " + to + " speaks plain HTTP, not HTTPS: use " + withScheme(to, "http"));
      }
      throw new ApiException(
          "TLS with maintd at "
              + to
              + " failed: "
              + e.getMessage()
              + " (--ca-file or MAINTD_CA_FILE names the certificate to trust)");
    } catch (IOException e) {
      if (to.getScheme().equals("http") && String.valueOf(e.getMessage()).contains("status line")) {
        throw new ApiException(
            "maintd at "
                + to
                + " speaks HTTPS, not plain HTTP: use "
                + withScheme(to, "https")
                + " (with --ca-file or MAINTD_CA_FILE naming the certificate to trust)");
      }
      throw new ApiException("request to " + to + path + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted");
    }
  }

  private static String withScheme(URI uri, String scheme) {
    return scheme + uri.toString().substring(uri.getScheme().length());
  }

  private static <T> T read(String body, JavaType type) {
    try {
      return Json.LENIENT.readValue(body, type);
    } catch (JsonProcessingException e) {
      throw new ApiException(
          "maintd sent something that is not a "
              + type.getRawClass().getSimpleName()
              + ": "
              + body.substring(0, Math.min(200, body.length())));
    }
  }

  /** {@code value} as indented JSON, for {@code -o json}. */
  public static String pretty(Object value) {
    return Json.pretty(value).stripTrailing();
  }

  /** A JSON value given on the command line; {@link ApiException} naming it when it is not JSON. */
  public static Object parseJson(String text) {
    try {
      return Json.parse(text);
    } catch (JsonProcessingException e) {
      throw new ApiException("not JSON: " + text);
    }
  }
}
