package org.maintd.incident;

import org.maintd.diagnose.Diagnosis;

/** What one poll learnt about one node, as far as incidents are concerned. */
public sealed interface Observation {

  /** The node reports a fault that asks for action. */
  record Fault(Diagnosis diagnosis) implements Observation {}

  /** The node reports {@code Ok}, with a verified signature and no collector error. */
  record Clear() implements Observation {}

  /** Nothing trustworthy was learnt (unreachable, rejected report, collector error). */
  record Unknown(String reason) implements Observation {}
}
