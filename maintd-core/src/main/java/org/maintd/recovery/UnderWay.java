package org.maintd.recovery;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.maintd.campaign.Campaign;
import org.maintd.reboot.NodeCycle;

/**
 * The work the traces show under way that is not rebuilt: the campaigns and the reboot requests
 * whose keys own jobs, each with a note that says so and what to do about its nodes. Pure.
 */
final class UnderWay {
  private UnderWay() {}

  /** One note per campaign, then one per reboot request, in the order their jobs name them. */
  static List<String> notes(Traces traces) {
    List<String> notes = new ArrayList<>();
    owners(traces, Campaign.OWNERS::idOf)
        .forEach(
            id ->
                notes.add(
                    "campaign "
                        + id
                        + " was under way: it is not resumed; its nodes may still be"
                        + " drained (maintctl nodes), put them back with maintctl up"));
    owners(traces, NodeCycle.OWNERS::idOf)
        .forEach(
            id ->
                notes.add(
                    "reboot request "
                        + id
                        + " was under way: it is not resumed and its keys are lost; its node may"
                        + " be off, offline or drained (maintctl nodes): bring it back, then"
                        + " maintctl up"));
    return notes;
  }

  /** The ids that {@code idOf} finds in the owners of the traces' jobs, in their order. */
  private static Set<String> owners(Traces traces, Function<String, Optional<String>> idOf) {
    Set<String> ids = new LinkedHashSet<>();
    traces.jobs().stream()
        .map(j -> TraceKey.of(j.reason()))
        .flatMap(Optional::stream)
        .map(k -> idOf.apply(k.owner()))
        .flatMap(Optional::stream)
        .forEach(ids::add);
    return ids;
  }
}
