package org.maintd.daemon.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.Map;
import org.maintd.http.HttpError;
import org.maintd.protocol.json.Json;

/** A request body as JSON: any value, or an object; 400 naming what is wrong otherwise. */
final class JsonBody {
  private JsonBody() {}

  static Object any(String body) {
    try {
      return Json.parse(body);
    } catch (JsonProcessingException e) {
      throw HttpError.badRequest("request body is not JSON: " + e.getOriginalMessage());
    }
  }

  static Map<?, ?> object(String body) {
    if (any(body) instanceof Map<?, ?> map) {
      return map;
    }
    throw HttpError.badRequest("request body must be a JSON object");
  }
}
