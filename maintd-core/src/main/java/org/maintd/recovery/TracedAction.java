package org.maintd.recovery;

import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.wire.WireName;

/**
 * The action an incident's traces name: the one its jobs' texts give ({@code incident <uuid>
 * (<action> <node>)}), {@code live-repair} for a repair a collector ran, or, when nothing names
 * one, the one its node's flags suggest ({@link #assumedOn}). Immutable.
 */
sealed interface TracedAction {

  /** An action maintd knows: the diagnose status of that name. */
  record Named(DiagnoseStatus status) implements TracedAction {
    @Override
    public String text() {
      return status.wireName();
    }

    @Override
    public boolean evacuation() {
      return status.isEvacuation();
    }
  }

  /**
   * An action no diagnose status is named (a job text maintd does not write): kept as written; its
   * incident cannot be given a diagnose object unless it is over.
   */
  record Unknown(String text) implements TracedAction {
    /** Whether its name says it is one: it begins with {@code evacuate}. */
    @Override
    public boolean evacuation() {
      return text.startsWith("evacuate");
    }
  }

  /** The action written {@code text}. */
  static TracedAction of(String text) {
    return WireName.parse(DiagnoseStatus.class, text)
        .<TracedAction>map(Named::new)
        .orElseGet(() -> new Unknown(text));
  }

  /**
   * The action of an incident whose traces name none: an evacuation on a node taken out of service
   * (offline or drained), a live repair on one in service.
   */
  static TracedAction assumedOn(Node node) {
    return new Named(
        node.offline() || node.drained() ? DiagnoseStatus.EVACUATE : DiagnoseStatus.LIVE_REPAIR);
  }

  /** The action as written in notes and diagnose objects. */
  String text();

  /** Whether it takes its node out of service. */
  boolean evacuation();
}
