package org.maintd.health;

import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.wait.WaitReason;

/**
 * The watcher's run-state duties for one instance. {@code ERROR_down}: started, attempt n + 1 of
 * {@code maxTries} (counted whether the start works or not); with {@code maxTries} attempts made,
 * given up (once, logged as the watcher logs it); beyond, left alone until the record expires.
 * {@code USER_down} with its admin state up: shut down with the source {@code user}, under its own
 * count. Two attempts (the give-up among them) are at least {@code retryInterval} apart, as the
 * watcher's are one per run; until the next is due, the plan says when it is. Any other state drops
 * the starts (a start that worked) and the shutdowns. Helpless instances are left alone and lose
 * their starts, as with the watcher. Not thread-safe: one per plan.
 */
final class RunStateDuties {
  private final HealthSettings settings;
  private final HealthRound round;
  private final HealthInput in;

  RunStateDuties(HealthSettings settings, HealthRound round) {
    this.settings = settings;
    this.round = round;
    this.in = round.in();
  }

  void check(Instance i, Set<String> started) {
    HealthRecord r = round.record(i.name());
    boolean helpless = Helpless.helpless(in.cluster(), i);
    if (i.status() == InstanceStatus.ERROR_down && !helpless) {
      restart(i, r, started);
      return;
    }
    if (r.restarts().any()) {
      r = r.withoutRestarts();
      if (!helpless) {
        round.log(false, "Restart of instance " + i.name() + " succeeded");
      }
    }
    if (i.status() == InstanceStatus.USER_down && !helpless) {
      cleanup(i, r);
      return;
    }
    put(i, r.withCleanups(Tries.NONE));
  }

  private void restart(Instance i, HealthRecord r, Set<String> started) {
    int n = r.restarts().count();
    int max = settings.maxTries();
    if (n > max) {
      round.does(
          i.name(),
          "not restarted: gave up at "
              + HealthText.seconds(r.gaveUp().orElse(r.restarts().last()))
              + " after "
              + max
              + " attempts; tries again "
              + HealthText.seconds(r.restarts().last().plus(settings.retryExpiry())));
      return;
    }
    Optional<String> due = notDue(r.restarts());
    if (due.isPresent()) {
      round.does(
          i.name(),
          n == max
              ? "ERROR_down; gives up at " + due.get() + " unless it runs by then"
              : "ERROR_down; next start (attempt " + (n + 1) + " of " + max + ") at " + due.get());
      return;
    }
    if (n == max) {
      put(i, r.givenUp(in.now()));
      round.log(
          true,
          "Could not restart instance " + i.name() + " after " + max + " attempts, giving up");
      round.does(i.name(), "gives up after " + max + " attempts");
      return;
    }
    Optional<String> wait = Helpless.waits(in, i, i.primary(), i.secondary());
    if (wait.isPresent()) {
      round.waits(i.name(), "ERROR_down; " + WaitReason.waits(wait.get()));
      return;
    }
    round.duty(new Duty.Start(i.name(), i.primary(), i.secondary(), n + 1, max));
    put(i, r.withRestarts(r.restarts().next(in.now())));
    started.add(i.name());
    round.does(i.name(), "start (attempt " + (n + 1) + " of " + max + ")");
  }

  private void cleanup(Instance i, HealthRecord r) {
    int n = r.cleanups().count();
    if (n >= settings.maxTries()) {
      round.does(i.name(), "USER_down; not shut down: retries exhausted");
      put(i, r);
      return;
    }
    Optional<String> due = notDue(r.cleanups());
    if (due.isPresent()) {
      String attempt = "attempt " + (n + 1) + " of " + settings.maxTries();
      round.does(i.name(), "USER_down; next shutdown (" + attempt + ") at " + due.get());
      put(i, r);
      return;
    }
    Optional<String> wait = Helpless.waits(in, i, i.primary());
    if (wait.isPresent()) {
      round.waits(i.name(), "USER_down; " + WaitReason.waits(wait.get()));
      put(i, r);
      return;
    }
    round.duty(new Duty.Shutdown(i.name(), i.primary(), n + 1));
    put(i, r.withCleanups(r.cleanups().next(in.now())));
    round.does(i.name(), "shut down by the user: shutdown with source user");
  }

  /** When the next of {@code tries} is due, to the second, if that is later than now. */
  private Optional<String> notDue(Tries tries) {
    return tries.dueAfter(in.now(), settings.retryInterval()).map(HealthText::seconds);
  }

  private void put(Instance i, HealthRecord r) {
    round.keep(i.name(), r);
  }
}
