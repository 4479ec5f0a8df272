package org.maintd.plan;

import java.time.Duration;
import java.time.Instant;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSignal;
import org.maintd.campaign.RebootKind;

/**
 * Watches a campaign's rebooted node come back: what its collector last said, against the boot id
 * it reported before the reboot and the campaign's times. A new boot id (or, when the old one was
 * unknown, {@code Ok} reports that began after a reboot that did not fail) proves the reboot; then
 * the node soaks, reporting {@code Ok} without a gap for the soak time. A fault after the reboot,
 * or no new boot within the boot timeout, stops the campaign; with a hard-reboot fall-back, a node
 * whose soft reboot failed or has not brought it back that long after is power-cycled first. A pure
 * function of the node's progress, its signal, whether the cluster has it offline, the times and
 * now.
 */
final class RebootWatch {
  private RebootWatch() {}

  /**
   * The times that bound a reboot: how long the node reports {@code Ok} before it takes instances
   * back, how long it may take to come back, and (zero: never) after how long a soft reboot that
   * has not brought it back is followed by a hard one.
   */
  record Times(Duration soak, Duration bootTimeout, Duration hardRebootAfter) {}

  /** What the watch sees, each with its sentence for the campaign's history or next. */
  sealed interface Verdict {
    String text();

    /** Its collector refused the soft reboot: the node was not rebooted. */
    record Refused() implements Verdict {
      @Override
      public String text() {
        return "not rebooted: its collector refused the reboot";
      }
    }

    /** Back from its reboot, but it reports a fault. */
    record Faulty(String node, String fault) implements Verdict {
      @Override
      public String text() {
        return "node " + node + " reports " + fault + " after its reboot";
      }
    }

    /** Back from its reboot and {@code Ok}: it soaks from {@code since}. */
    record Back(String bootId, Instant since, Duration soak) implements Verdict {
      @Override
      public String text() {
        return "back with boot id " + known(bootId);
      }

      String soaking() {
        return "soaking: 0s of " + readable(soak);
      }
    }

    /** Not back, and a hard reboot is due, for this reason. */
    record HardRebootDue(String reason) implements Verdict {
      @Override
      public String text() {
        return reason;
      }
    }

    /** Not back within the boot timeout. */
    record TimedOut(String node, Duration bootTimeout) implements Verdict {
      @Override
      public String text() {
        return "node "
            + node
            + " did not come back within "
            + readable(bootTimeout)
            + " of its reboot; nothing further is rebooted";
      }
    }

    /** Not back yet, {@code waited} after its reboot. */
    record Booting(Duration waited, Duration bootTimeout) implements Verdict {
      @Override
      public String text() {
        return "waiting for it to come back ("
            + readable(waited)
            + " of "
            + readable(bootTimeout)
            + ")";
      }
    }

    /** Its {@code Ok} reports had a gap: the soak starts again from {@code since}. */
    record SoakRestarted(Instant since) implements Verdict {
      @Override
      public String text() {
        return "soak restarted: its collector was not Ok at every poll";
      }
    }

    /** {@code Ok} for the whole soak time. */
    record Soaked(Duration soaked) implements Verdict {
      @Override
      public String text() {
        return "Ok for " + readable(soaked);
      }
    }

    /** {@code Ok} for {@code soaked} of the soak time so far. */
    record Soaking(Duration soaked, Duration soak) implements Verdict {
      @Override
      public String text() {
        return "soaking: " + readable(soaked) + " of " + readable(soak);
      }
    }
  }

  /** What a node in {@code BOOT} or {@code SOAK} has come to at {@code now}. */
  static Verdict watch(NodeProgress p, NodeSignal s, boolean offline, Times times, Instant now) {
    if (p.phase() == NodePhase.SOAK) {
      return soak(p, s, times, now);
    }
    if (p.phase() != NodePhase.BOOT) {
      throw new IllegalArgumentException(
          "node " + p.node() + " is not rebooting: " + p.phase().wireName());
    }
    return boot(p, s, offline, times, now);
  }

  private static Verdict boot(
      NodeProgress p, NodeSignal s, boolean offline, Times times, Instant now) {
    if (p.reboot() == RebootKind.REFUSED) {
      return new Verdict.Refused();
    }
    boolean newBoot =
        p.bootId().isEmpty()
            ? okAfterOwnReboot(p, s)
            : !s.bootId().isEmpty() && !s.bootId().equals(p.bootId());
    if (newBoot && !s.fault().isEmpty()) {
      return new Verdict.Faulty(p.node(), s.fault());
    }
    if (newBoot && !offline && s.okSince().isPresent()) {
      Instant okSince = s.okSince().get();
      return new Verdict.Back(s.bootId(), okSince.isAfter(now) ? okSince : now, times.soak());
    }
    Duration waited = Duration.between(p.since(), now);
    if (hardRebootDue(p, waited, times)) {
      return new Verdict.HardRebootDue(
          p.reboot() == RebootKind.HARD_DUE
              ? "its soft reboot failed"
              : "not back " + readable(waited) + " after its soft reboot");
    }
    if (waited.compareTo(times.bootTimeout()) > 0) {
      return new Verdict.TimedOut(p.node(), times.bootTimeout());
    }
    return new Verdict.Booting(waited, times.bootTimeout());
  }

  /**
   * Whether {@code Ok} reports that began after the reboot prove it, for a node whose boot id
   * before is unknown: not when the soft reboot failed, for then nothing of the campaign's rebooted
   * it, and the node may have been off, or its collector silent, and come back by another hand (a
   * power-on at the console, another owner's job); the hard reboot that is due proves it instead.
   */
  private static boolean okAfterOwnReboot(NodeProgress p, NodeSignal s) {
    return p.reboot() != RebootKind.HARD_DUE
        && s.okSince().map(t -> t.isAfter(p.since())).orElse(false);
  }

  /**
   * Whether to reboot the node hard now: the fall-back is configured, and its soft reboot failed or
   * has not brought it back within {@code hardRebootAfter}.
   */
  private static boolean hardRebootDue(NodeProgress p, Duration waited, Times times) {
    return !times.hardRebootAfter().isZero()
        && (p.reboot() == RebootKind.HARD_DUE
            || (p.reboot() == RebootKind.SOFT && waited.compareTo(times.hardRebootAfter()) >= 0));
  }

  private static Verdict soak(NodeProgress p, NodeSignal s, Times times, Instant now) {
    if (!s.fault().isEmpty()) {
      return new Verdict.Faulty(p.node(), s.fault());
    }
    if (s.okSince().isEmpty() || s.okSince().get().isAfter(p.since())) {
      return new Verdict.SoakRestarted(s.okSince().orElse(now));
    }
    Duration soaked = Duration.between(p.since(), now);
    if (soaked.compareTo(times.soak()) >= 0) {
      return new Verdict.Soaked(soaked);
    }
    return new Verdict.Soaking(soaked, times.soak());
  }

  /** A boot id for people: {@code unknown} when none was reported. */
  static String known(String bootId) {
    return bootId.isEmpty() ? "unknown" : bootId;
  }

  /** A duration for people: whole seconds, or milliseconds below ten seconds. */
  static String readable(Duration d) {
    return d.toMillis() >= 10_000 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }
}
