package org.maintd.wait;

import java.time.Instant;
import java.util.List;

/**
 * Why a scheduled machine's work waits: its window has not started, or its instances have not
 * consented to the drain or declined it. Immutable.
 */
public sealed interface ScheduleWait extends WaitReason {
  /** The instance declined the drain of its node; it stays until its window starts, or longer. */
  record Declined(String instance, String reason, Instant since, String until)
      implements ScheduleWait {
    @Override
    public WaitKind waitKind() {
      return WaitKind.DECLINED;
    }

    @Override
    public String text() {
      return instance
          + " declined ("
          + (reason.isEmpty() ? "no reason given" : reason)
          + ", since "
          + since
          + "): it stays "
          + until;
    }
  }

  /** The instances' consent to the drain has been asked and not yet answered. */
  record ConsentPending(List<String> instances) implements ScheduleWait {
    public ConsentPending {
      instances = List.copyOf(instances);
    }

    @Override
    public WaitKind waitKind() {
      return WaitKind.CONSENT;
    }

    @Override
    public String text() {
      return "asking " + String.join(", ", instances) + " for consent";
    }
  }

  /** Its maintenance window has not started yet ({@code what} happens once it does). */
  record WindowNotStarted(Instant start, String what) implements ScheduleWait {
    @Override
    public WaitKind waitKind() {
      return WaitKind.WINDOW;
    }

    @Override
    public String text() {
      return what + " once its window starts at " + start;
    }
  }
}
