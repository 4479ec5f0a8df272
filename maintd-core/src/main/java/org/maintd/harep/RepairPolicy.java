package org.maintd.harep;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether and how far instances may be repaired, from the tags of one object (cluster, node group
 * or instance), as harep reads them: {@code ganeti:watcher:autorepair:<type>} enables repairs up to
 * that type (the least destructive wins when there are several); {@code
 * ganeti:watcher:autorepair:suspend} suspends them for good and {@code
 * ganeti:watcher:autorepair:suspend:<time>} until that time; a suspension beats an enabling tag on
 * the same object.
 */
public sealed interface RepairPolicy {

  /** Repairs of types up to {@code max} may run. */
  record Enabled(RepairType max) implements RepairPolicy {}

  /** Repairs are suspended, until a time or (empty) for good. */
  record Suspended(Optional<Instant> until) implements RepairPolicy {}

  /** Nothing enables repairs. */
  record NotEnabled() implements RepairPolicy {}

  /**
   * The policy of one object's tags, or empty when they say nothing (then the enclosing object's
   * policy applies: instance, then group, then cluster).
   */
  static Optional<RepairPolicy> of(List<String> tags, Instant now) {
    List<RepairType> enabled = new ArrayList<>();
    List<Long> futureSuspends = new ArrayList<>();
    boolean forever = false;
    for (String tag : tags) {
      if (tag.equals(RepairTag.SUSPEND) || tag.equals(RepairTag.SUSPEND + ":")) {
        forever = true;
      } else if (tag.startsWith(RepairTag.SUSPEND + ":")) {
        suspendTime(tag).filter(t -> t > now.getEpochSecond()).ifPresent(futureSuspends::add);
      } else if (tag.startsWith(RepairTag.PREFIX)) {
        RepairType.parse(tag.substring(RepairTag.PREFIX.length())).ifPresent(enabled::add);
      }
    }
    if (forever) {
      return Optional.of(new Suspended(Optional.empty()));
    }
    if (!futureSuspends.isEmpty()) {
      long until = futureSuspends.stream().mapToLong(Long::longValue).max().orElseThrow();
      return Optional.of(new Suspended(Optional.of(Instant.ofEpochSecond(until))));
    }
    return enabled.stream().min(Enum::compareTo).map(Enabled::new);
  }

  /** The tags among {@code tags} that suspend repairs until a time already past. */
  static List<String> expiredSuspensions(List<String> tags, Instant now) {
    List<String> expired = new ArrayList<>(0);
    for (String t : tags) {
      if (t.startsWith(RepairTag.SUSPEND + ":")
          && suspendTime(t).map(s -> s <= now.getEpochSecond()).orElse(false)) {
        expired.add(t);
      }
    }
    return expired;
  }

  private static Optional<Long> suspendTime(String tag) {
    String text = tag.substring(RepairTag.SUSPEND.length() + 1);
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
