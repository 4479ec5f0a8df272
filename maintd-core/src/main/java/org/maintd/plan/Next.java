package org.maintd.plan;

import java.util.Optional;
import org.maintd.wait.WaitReason;

/**
 * What happens next to something a round considered (an incident, an instance to repair, a group to
 * balance): a sentence for operators and, when it waits, why, as a {@link WaitReason}.
 */
public record Next(String text, Optional<WaitReason> waits) {
  /** It moves on as {@code text} says. */
  public static Next does(String text) {
    return new Next(text, Optional.empty());
  }

  /** It waits, and the reason's text says why. */
  public static Next waits(WaitReason why) {
    return new Next(why.text(), Optional.of(why));
  }

  /** It waits for {@code why}, as {@code text} tells it. */
  public static Next waits(String text, WaitReason why) {
    return new Next(text, Optional.of(why));
  }
}
