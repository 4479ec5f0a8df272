package org.maintd.cli.client;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.Map;
import org.maintd.signing.HmacKey;
import org.maintd.signing.RequestSignature;
import org.maintd.signing.SignedMessage;

/**
 * maintctl's view of the daemon's HTTP API: GETs as they are, POSTs signed with the cluster key.
 * Every failure is an {@link ApiException} whose message says what the daemon or the network said.
 */
public final class ApiClient {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final URI base;
  private final Path keyFile;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public ApiClient(String url, Path keyFile) {
    this.base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    this.keyFile = keyFile;
  }

  public Object get(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET(), path);
  }

  public Object post(String path, Object body) {
    String json = write(body);
    String nonce = java.util.UUID.randomUUID().toString();
    SignedMessage signed = key().sign(RequestSignature.text("POST", path, nonce, json), Clock.systemUTC().instant());
    HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
        .header("Content-Type", "application/json")
        .header(RequestSignature.SALT_HEADER, signed.salt())
        .header(RequestSignature.NONCE_HEADER, nonce)
        .header(RequestSignature.HMAC_HEADER, signed.hmac())
        .POST(HttpRequest.BodyPublishers.ofString(json));
    return send(request, path);
  }

  private HmacKey key() {
    if (keyFile == null) {
      throw new ApiException("changes must be signed: give --key-file or set MAINTD_KEY_FILE (on the master: /var/lib/maintd/hmac.key)");
    }
    try {
      return HmacKey.fromFileContent(Files.readAllBytes(keyFile));
    } catch (IOException | IllegalArgumentException e) {
      throw new ApiException("cannot read key file " + keyFile + ": " + e.getMessage());
    }
  }

  private Object send(HttpRequest.Builder request, String path) {
    HttpResponse<String> response;
    try {
      response = http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw new ApiException("cannot connect to maintd at " + base + " (is it running? see --url or MAINTD_URL)");
    } catch (IOException e) {
      throw new ApiException("request to " + base + path + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted");
    }
    Object body = parse(response.body());
    if (response.statusCode() != 200) {
      String message = body instanceof Map<?, ?> m && m.get("message") != null ? String.valueOf(m.get("message")) : response.body();
      throw new ApiException("maintd answered " + response.statusCode() + ": " + message);
    }
    return body;
  }

  private static Object parse(String text) {
    try {
      return MAPPER.readValue(text, Object.class);
    } catch (IOException e) {
      throw new ApiException("maintd sent something that is not JSON: " + text.substring(0, Math.min(200, text.length())));
    }
  }

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (IOException e) {
      throw new ApiException("cannot write JSON: " + e.getMessage());
    }
  }

  public static String pretty(Object value) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (IOException e) {
      throw new ApiException("cannot write JSON: " + e.getMessage());
    }
  }

  public static Object parseJson(String text) {
    return parse(text);
  }
}
