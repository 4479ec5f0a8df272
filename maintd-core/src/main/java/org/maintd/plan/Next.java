package org.maintd.plan;

import java.util.Optional;
import org.maintd.wait.WaitReason;

/**
 * What happens next to something a round considered (an incident, an instance to repair, a group to
 * balance): a sentence for operators and, when it waits, why, as a {@link WaitReason}. A wait is
 * said as {@link WaitReason#waits()} says it, after a head or not, or in the words of the planner
 * that decided it. Immutable.
 */
public record Next(String text, Optional<WaitReason> waits) {
  /** It moves on as {@code text} says. */
  public static Next does(String text) {
    return new Next(text, Optional.empty());
  }

  /** It waits for {@code why}, and says so: {@code waits: } and the reason's text. */
  public static Next waits(WaitReason why) {
    return new Next(why.waits(), Optional.of(why));
  }

  /** {@code head}, then that it waits for {@code why}: {@code <head>: waits: <text>}. */
  public static Next waits(String head, WaitReason why) {
    return new Next(head + ": " + why.waits(), Optional.of(why));
  }

  /** It waits for {@code why}, which {@code what} says in the planner's words: {@code waits: }. */
  public static Next waitsAs(String what, WaitReason why) {
    return new Next(WaitReason.waits(what), Optional.of(why));
  }

  /** It waits for {@code why}; the reason's text alone says so. */
  public static Next because(WaitReason why) {
    return told(why.text(), why);
  }

  /** It waits for {@code why}, as {@code text} tells it whole. */
  public static Next told(String text, WaitReason why) {
    return new Next(text, Optional.of(why));
  }
}
