package org.maintd.reboot;

/** What came of a request or a release: accepted with the reboots after it, or refused. */
public sealed interface Admission {
  /** Accepted: {@code request} as it now stands, in {@code reboots}. */
  record Accepted(Reboots reboots, RebootRequest request) implements Admission {}

  /** Refused, nothing changed. */
  record Refused(Refusal refusal) implements Admission {}
}
