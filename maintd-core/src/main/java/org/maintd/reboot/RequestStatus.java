package org.maintd.reboot;

import java.util.Locale;

/**
 * Where a reboot request stands: waiting to start ({@code PENDING}), its node drained and emptied
 * ({@code EVACUATING}), being powered off or rebooted ({@code POWERING_OFF}), off and held by keys
 * ({@code HELD}), being powered on ({@code POWERING_ON}); {@code DONE} once the node powered on
 * after the request, {@code FAILED} with the reason in its history.
 */
public enum RequestStatus {
  PENDING,
  EVACUATING,
  POWERING_OFF,
  HELD,
  POWERING_ON,
  DONE,
  FAILED;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public boolean ended() {
    return this == DONE || this == FAILED;
  }
}
