package org.maintd.protocol.signing;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Instant;
import org.maintd.protocol.json.Json;

/**
 * Signed messages with a typed payload: {@link #seal} writes the payload as JSON and wraps it,
 * signed, in {@code {"msg", "salt", "hmac"}}; {@link #open} checks the wrapper (signature and
 * freshness, and the source's replay record when a source is named) and binds the payload.
 * Stateless.
 */
public final class Envelopes {
  private Envelopes() {}

  public static String seal(HmacKey key, Object payload, Instant now) {
    return SignedJson.write(key.sign(Json.write(payload), now));
  }

  /**
   * The payload of {@code body} as {@code type}: {@link SignatureException} when the signature does
   * not hold, {@link IllegalArgumentException} when the payload is not a {@code type}.
   */
  public static <T> T open(
      SignatureVerifier verifier, String source, String body, Class<T> type, Instant now) {
    return open(verifier, source, SignedJson.read(body), type, now);
  }

  /** The same, for a wrapper already read. */
  public static <T> T open(
      SignatureVerifier verifier, String source, SignedMessage m, Class<T> type, Instant now) {
    String msg = source == null ? verifier.verifyFresh(m, now) : verifier.verify(source, m, now);
    try {
      return Json.LENIENT.readValue(msg, type);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "the signed message is not a " + type.getSimpleName() + ": " + e.getOriginalMessage());
    }
  }
}
