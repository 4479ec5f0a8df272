package org.maintd.harep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An instance's auto-repair state, read from its tags with harep's rules: tags are grouped by
 * repair id and the groups taken oldest first; within a group the tag with the greatest result
 * (pending &lt; enoperm &lt; success &lt; failure), then the newest, speaks for it. The earliest
 * failure always wins; several pending repairs are taken oldest first (as harep's design asks: the
 * newer ones wait their turn); a pending repair followed by a newer result is an error; otherwise
 * the newest group decides. {@code stale} holds the state tags that the current one replaced.
 */
public sealed interface RepairState {

  /** State tags that the current one replaced, as they are written on the instance. */
  List<String> stale();

  /** The tag that gives the state, as written on the instance; empty for a fresh instance. */
  String raw();

  /** The state of an instance without any repair tag. */
  Healthy NO_REPAIR = new Healthy(Optional.empty(), "", List.of());

  /**
   * Nothing to do unless the instance is broken; {@code last} is the latest finished repair, if
   * any.
   */
  record Healthy(Optional<RepairTag> last, String raw, List<String> stale) implements RepairState {}

  /** A repair's jobs are running (or their end has not been recorded yet). */
  record Pending(RepairTag tag, String raw, List<String> stale) implements RepairState {}

  /** A repair failed: nothing more is done until its tag is removed. */
  record Failed(RepairTag tag, String raw, List<String> stale) implements RepairState {}

  static RepairState of(String instance, List<String> tags) {
    if (tags.stream().noneMatch(t -> t.startsWith(RepairTag.PREFIX))) {
      return NO_REPAIR;
    }
    Map<String, List<RepairTag>> byId = new LinkedHashMap<>();
    Map<RepairTag, String> raw = new IdentityHashMap<>();
    for (String t : tags) {
      RepairTag.parse(t)
          .ifPresent(
              r -> {
                byId.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(r);
                raw.put(r, t);
              });
    }
    List<List<RepairTag>> groups = new ArrayList<>(byId.values());
    groups.sort(
        Comparator.comparingLong(g -> g.stream().mapToLong(RepairTag::time).min().orElse(0)));
    RepairState state = NO_REPAIR;
    for (List<RepairTag> group : groups) {
      RepairTag speaker =
          group.stream()
              .max(
                  Comparator.<RepairTag>comparingInt(
                          r -> r.result().map(x -> x.ordinal() + 1).orElse(0))
                      .thenComparingLong(RepairTag::time))
              .orElseThrow();
      List<String> stale = new ArrayList<>(state.stale());
      if (state instanceof Failed) {
        continue;
      }
      if (state instanceof Pending && speaker.isPending()) {
        continue;
      }
      if (state instanceof Pending p) {
        throw new HarepTagException(
            "an unfinished repair was found in instance "
                + instance
                + ": found tag '"
                + raw.get(speaker)
                + "', but older pending tag '"
                + p.raw()
                + "' exists");
      }
      Healthy h = (Healthy) state;
      h.last().ifPresent(l -> stale.add(h.raw()));
      String text = raw.get(speaker);
      state =
          speaker.result().isEmpty()
              ? new Pending(speaker, text, stale)
              : speaker.result().get() == RepairResult.FAILURE
                  ? new Failed(speaker, text, stale)
                  : new Healthy(Optional.of(speaker), text, stale);
    }
    return state;
  }
}
