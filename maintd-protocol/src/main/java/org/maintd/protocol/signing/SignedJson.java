package org.maintd.protocol.signing;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.protocol.json.Json;

/** The wire form of a signed message: {@code {"msg": ..., "salt": ..., "hmac": ...}}. */
public final class SignedJson {
  private SignedJson() {}

  public static String write(SignedMessage m) {
    Map<String, String> map = new LinkedHashMap<>();
    map.put("msg", m.msg());
    map.put("salt", m.salt());
    map.put("hmac", m.hmac());
    return Json.write(map);
  }

  /** Reads the wrapper; a body that is not one is refused as a missing field. */
  public static SignedMessage read(String body) {
    Object parsed;
    try {
      parsed = Json.parse(body);
    } catch (JsonProcessingException e) {
      throw new SignatureException(
          SignatureException.Reason.MISSING_FIELD,
          "not a signed message: " + e.getOriginalMessage());
    }
    return of(parsed);
  }

  /**
   * The wrapper from a body already parsed; one that is not a wrapper is refused as a missing
   * field.
   */
  public static SignedMessage of(Object parsed) {
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new SignatureException(
          SignatureException.Reason.MISSING_FIELD, "not a signed message: not a JSON object");
    }
    return new SignedMessage(text(map, "msg"), text(map, "salt"), text(map, "hmac"));
  }

  /** Whether the body looks like a signed wrapper rather than a bare report. */
  public static boolean isSigned(Object parsed) {
    return parsed instanceof Map<?, ?> map && map.containsKey("hmac") && map.containsKey("msg");
  }

  private static String text(Map<?, ?> map, String key) {
    Object v = map.get(key);
    if (!(v instanceof String s)) {
      throw new SignatureException(
          SignatureException.Reason.MISSING_FIELD, "signed message lacks '" + key + "'");
    }
    return s;
  }
}
