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
import java.util.UUID;
import org.maintd.protocol.api.ErrorBody;
import org.maintd.protocol.json.Json;
import org.maintd.signing.HmacKey;
import org.maintd.signing.RequestSignature;
import org.maintd.signing.SignedMessage;

/**
 * maintctl's view of the daemon's HTTP API: GETs as they are, POSTs signed with the cluster key,
 * answers bound to maintd-protocol's records (fields a newer daemon adds are ignored). Every
 * failure is an {@link ApiException} whose message says what the daemon or the network said.
 */
public final class ApiClient {
  private final URI base;
  private final Path keyFile;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public ApiClient(String url, Path keyFile) {
    this.base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    this.keyFile = keyFile;
  }

  public <T> T get(String path, Class<T> type) {
    return read(
        send(HttpRequest.newBuilder(base.resolve(path)).GET(), path),
        Json.LENIENT.constructType(type));
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

  public <T> T get(String path, TypeReference<T> type) {
    return read(
        send(HttpRequest.newBuilder(base.resolve(path)).GET(), path),
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
    String nonce = UUID.randomUUID().toString();
    SignedMessage signed =
        key().sign(RequestSignature.text("POST", path, nonce, json), Clock.systemUTC().instant());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path))
            .header("Content-Type", "application/json")
            .header(RequestSignature.SALT_HEADER, signed.salt())
            .header(RequestSignature.NONCE_HEADER, nonce)
            .header(RequestSignature.HMAC_HEADER, signed.hmac())
            .POST(HttpRequest.BodyPublishers.ofString(json));
    return send(request, path);
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
   * Sends {@code request}; a standby's refusal that names the leader is sent once more, to the
   * leader, as it was (the signature does not name the host).
   */
  private String send(HttpRequest.Builder request, String path) {
    HttpResponse<String> response = exchange(request, base, path);
    String leader = leaderNamedBy(response);
    if (!leader.isEmpty()) {
      URI to = URI.create(leader.endsWith("/") ? leader.substring(0, leader.length() - 1) : leader);
      response = exchange(request.uri(to.resolve(path)), to, path);
    }
    if (response.statusCode() != 200) {
      String message;
      try {
        message = Json.LENIENT.readValue(response.body(), ErrorBody.class).message();
      } catch (JsonProcessingException e) {
        message = response.body();
      }
      throw new ApiException("maintd answered " + response.statusCode() + ": " + message);
    }
    return response.body();
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
    } catch (IOException e) {
      throw new ApiException("request to " + to + path + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted");
    }
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
