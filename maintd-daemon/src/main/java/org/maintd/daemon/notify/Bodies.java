package org.maintd.daemon.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.daemon.config.Notifications;
import org.maintd.notify.Event;
import org.maintd.protocol.json.Json;

/**
 * What a receiver is sent for an event, in its form: the event as JSON ({@code {"id", "event",
 * "time", "subject", "text", "source"}}, the time in ISO-8601 UTC), or Slack's and Mattermost's
 * {@code {"text": "maintd: ..."}} with {@code &}, {@code <} and {@code >} escaped as {@code &amp;},
 * {@code &lt;} and {@code &gt;} (so that a text such as {@code <!channel>} is shown, not acted on).
 * One line, no line break. Stateless.
 */
public final class Bodies {
  private Bodies() {}

  public static String of(Event e, Notifications.Form form) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (form == Notifications.Form.SLACK) {
      body.put("text", "maintd: " + chatEscaped(e.text()));
    } else if (form == Notifications.Form.JSON) {
      body.put("id", e.id());
      body.put("event", e.kind().wireName());
      body.put("time", e.time().toString());
      body.put("subject", e.subject());
      body.put("text", e.text());
      body.put("source", "maintd");
    } else {
      throw new IllegalArgumentException("no body is known for the form " + form);
    }
    try {
      return Json.MAPPER.writeValueAsString(body);
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException("cannot write the event " + e.id() + " as JSON", ex);
    }
  }

  /** {@code text} as Slack and Mattermost show it literally: no mention, link or command. */
  private static String chatEscaped(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
