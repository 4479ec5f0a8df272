package org.maintd.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.maintd.cli.wait.Sleeper;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.rapi.client.PinnedTrust;

/**
 * maintctl's view of the daemon's HTTP API: GETs as they are, POSTs and DELETEs signed with the
 * cluster key, answers bound to maintd-protocol's records (fields a newer daemon adds are ignored).
 * Every failure is an {@link ApiException} carrying its {@link Trouble}; how requests travel (to
 * the leader, once more when busy) is {@link Transport}'s. Not thread-safe.
 */
public final class ApiClient {
  private final Optional<Trouble.KeyFile> keyFile;
  private final Transport transport;

  /**
   * A client of the daemon at {@code url}, signing with {@code keyFile}; over HTTPS it trusts the
   * certificates of {@code caFile} only (empty: the JVM's trusted CAs). {@code sleeper} waits out a
   * busy daemon's {@code Retry-After}; {@code notes} takes what the operator should know on the way
   * (a standby that sent the request on to its leader).
   */
  public ApiClient(
      String url,
      Optional<Trouble.KeyFile> keyFile,
      Optional<Path> caFile,
      Sleeper sleeper,
      Consumer<String> notes) {
    URI base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    this.keyFile = keyFile;
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
    if (caFile.isPresent()) {
      try {
        b.sslContext(PinnedTrust.of(caFile.get(), false));
      } catch (IllegalArgumentException e) {
        throw new ApiException("--ca-file: " + e.getMessage());
      }
    }
    this.transport = new Transport(b.build(), base, sleeper, notes);
  }

  /** The daemon asked: the leader, once a standby named it; else the one of {@code url}. */
  public URI daemon() {
    return transport.daemon();
  }

  public <T> T get(String path, Class<T> type) {
    return read(path, exchange(GET, "GET", path, Optional.empty()), type(type));
  }

  public <T> T get(String path, TypeReference<T> type) {
    return read(path, exchange(GET, "GET", path, Optional.empty()), type(type));
  }

  /** A read's answer and its entity tag ({@code ETag}, empty when the daemon sent none). */
  public record Tagged<T>(T body, Optional<String> etag) {}

  /** A GET, its answer bound to {@code type}, with the answer's {@code ETag}. */
  public <T> Tagged<T> getTagged(String path, Class<T> type) {
    HttpResponse<String> r = transport.exchange(GET, "GET", path, Optional.empty());
    return new Tagged<>(read(path, r.body(), type(type)), r.headers().firstValue("ETag"));
  }

  /** A page of a list read and where the next one starts ({@code after=}), empty on the last. */
  public record Paged<T>(T body, Optional<String> after) {}

  /** A GET of a list's page, its answer bound to {@code type}, with its next page's start. */
  public <T> Paged<T> getPage(String path, TypeReference<T> type) {
    HttpResponse<String> r = transport.exchange(GET, "GET", path, Optional.empty());
    return new Paged<>(
        read(path, r.body(), type(type)), r.headers().firstValue("Link").flatMap(NextPage::after));
  }

  /**
   * A GET read whatever its status, for an endpoint whose failure answer is its ordinary body
   * ({@code /1/health} answers 503 with the health of a daemon that failed). Not sent on to a
   * leader: the daemon asked is the one that answers.
   */
  public <T> T getAnyStatus(String path, Class<T> type) {
    return read(path, transport.anyStatus(path).body(), type(type));
  }

  public <T> T post(String path, Object body, Class<T> type) {
    return read(path, change("POST", path, Json.write(body), Optional.empty()), type(type));
  }

  public <T> T post(String path, Object body, TypeReference<T> type) {
    return read(path, change("POST", path, Json.write(body), Optional.empty()), type(type));
  }

  /**
   * A signed POST sent only if the resource is still at {@code ifMatch} (its {@code ETag} as read);
   * a {@link Stale} when it is not.
   */
  public <T> T post(String path, Object body, Optional<String> ifMatch, Class<T> type) {
    return read(path, change("POST", path, Json.write(body), ifMatch), type(type));
  }

  /** A signed DELETE, its answer bound to {@code type}. */
  public <T> T delete(String path, Class<T> type) {
    return read(path, change("DELETE", path, "", Optional.empty()), type(type));
  }

  /** A signed DELETE sent only if the resource is still at {@code ifMatch}, as {@link #post}. */
  public <T> T delete(String path, Optional<String> ifMatch, Class<T> type) {
    return read(path, change("DELETE", path, "", ifMatch), type(type));
  }

  private static final Function<URI, HttpRequest.Builder> GET =
      u -> HttpRequest.newBuilder(u).GET();

  private String exchange(
      Function<URI, HttpRequest.Builder> request,
      String method,
      String path,
      Optional<Trouble.KeyFile> signedWith) {
    return transport.exchange(request, method, path, signedWith).body();
  }

  /** A change, signed anew for each daemon it is sent to, with {@code If-Match} if given. */
  private String change(String method, String path, String json, Optional<String> ifMatch) {
    HmacKey key = key();
    return exchange(
        uri -> {
          HttpRequest.Builder b = signed(key, uri, method, path, json);
          ifMatch.ifPresent(tag -> b.header("If-Match", tag));
          return b;
        },
        method,
        path,
        keyFile);
  }

  /**
   * {@code method path} with {@code json}, signed now, with a nonce of its own: each daemon accepts
   * a signature once, so a request sent on to the leader is signed again.
   */
  private static HttpRequest.Builder signed(
      HmacKey key, URI uri, String method, String path, String json) {
    String nonce = UUID.randomUUID().toString();
    SignedMessage signed =
        key.sign(RequestSignature.text(method, path, nonce, json), Clock.systemUTC().instant());
    return HttpRequest.newBuilder(uri)
        .header("Content-Type", "application/json")
        .header(RequestSignature.SALT_HEADER, signed.salt())
        .header(RequestSignature.NONCE_HEADER, nonce)
        .header(RequestSignature.HMAC_HEADER, signed.hmac())
        .method(method, HttpRequest.BodyPublishers.ofString(json));
  }

  private HmacKey key() {
    Trouble.KeyFile file = keyFile.orElseThrow(() -> new ApiException(new Trouble.NoKeyFile()));
    try {
      return HmacKey.fromFileContent(Files.readAllBytes(file.path()));
    } catch (NoSuchFileException e) {
      throw new ApiException(new Trouble.KeyUnreadable(file, "no such file"));
    } catch (AccessDeniedException e) {
      throw new ApiException(new Trouble.KeyUnreadable(file, "permission denied"));
    } catch (IOException e) {
      throw new ApiException(new Trouble.KeyUnreadable(file, String.valueOf(e.getMessage())));
    } catch (IllegalArgumentException e) {
      throw new ApiException(new Trouble.KeyUnreadable(file, "not a key: " + e.getMessage()));
    }
  }

  /** The daemon refused a conditional change: what it was made from is no longer current. */
  public static final class Stale extends ApiException {
    public Stale(Trouble.Refused refused) {
      super(refused);
    }
  }

  private static JavaType type(Class<?> type) {
    return Json.LENIENT.constructType(type);
  }

  private static JavaType type(TypeReference<?> type) {
    return Json.LENIENT.constructType(type);
  }

  private <T> T read(String path, String body, JavaType type) {
    try {
      return Json.LENIENT.readValue(body, type);
    } catch (JsonProcessingException e) {
      throw new ApiException(
          new Trouble.NotMaintd(
              transport.daemon(), path, body.substring(0, Math.min(200, body.length()))));
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
