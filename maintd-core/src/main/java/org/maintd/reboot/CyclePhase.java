package org.maintd.reboot;

/**
 * A node's way through one power cycle: no request ({@code IDLE}); drained ({@code DRAIN}) and
 * emptied ({@code EVACUATE}) unless every request says {@code evacuate: false}; the master role
 * moved away ({@code MASTER}); rebooted or powered off ({@code OFF}); kept off while a key holds it
 * ({@code HELD}); powered on ({@code ON}); back online and undrained ({@code UNDRAIN}).
 */
public enum CyclePhase {
  IDLE,
  DRAIN,
  EVACUATE,
  MASTER,
  OFF,
  HELD,
  ON,
  UNDRAIN;

  /** The status of a request whose node is in this phase. */
  RequestStatus status() {
    return switch (this) {
      case IDLE -> RequestStatus.PENDING;
      case DRAIN, EVACUATE, MASTER -> RequestStatus.EVACUATING;
      case OFF -> RequestStatus.POWERING_OFF;
      case HELD -> RequestStatus.HELD;
      case ON, UNDRAIN -> RequestStatus.POWERING_ON;
    };
  }
}
