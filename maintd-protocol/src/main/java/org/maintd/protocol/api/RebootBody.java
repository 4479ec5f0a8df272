package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Optional;
import org.maintd.protocol.text.ClientText;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;

/**
 * The body of {@code POST /1/nodes/<node>/reboot}: {@code mode} ({@code soft}, the default, or
 * {@code hard}), {@code key} (none: a one-shot reboot; a key: the node is held off until it is
 * released), {@code reason}, {@code evacuate} (default true: drained and emptied first) and {@code
 * force} (default false: a node in a campaign or with an active incident is refused). Every field
 * is optional; an empty object asks for a soft one-shot reboot. The reason is at most {@link
 * ClientText#REASON}'s length, with no control character.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RebootBody(String mode, String key, String reason, Boolean evacuate, Boolean force) {
  /**
   * What the client asks for {@code node}; an {@link IllegalArgumentException} naming the field.
   */
  public RebootAsk ask(String node, String who) {
    return new RebootAsk(
        node,
        RebootMode.parse(mode == null ? "soft" : mode),
        Optional.ofNullable(key),
        reason == null ? "" : ClientText.REASON.check("reason", reason),
        evacuate == null || evacuate,
        force != null && force,
        who);
  }
}
