package org.maintd.daemon.app;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StateCondition;
import org.maintd.round.Command;
import org.maintd.spi.AccessDeniedException;
import org.maintd.spi.UnreadableStateException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether this daemon does the leader's {@link Work}, and where the API sends commands either way:
 * the leader's runner while it leads; while it does not, a refusal naming the leader (what it reads
 * either way is its {@link ServedView}). When it is elected it opens the work; when the work cannot
 * be opened because ZooKeeper failed or another leader fenced it off, it stands for election again;
 * when the stored state cannot be read, it stays elected but opens nothing, and looks again every
 * {@code retry} until the state can be read (an operator imported one), and so it does when the
 * store refuses it access (a znode's ACL or its credentials changed: the work it had stops); when
 * the state is lost and this daemon may not rebuild it, it stands aside ({@link StandingAside});
 * any other failure (a bug) fails the daemon. Thread-safe.
 */
final class Acting implements Election.Listener, Commands {
  private static final Logger log = LoggerFactory.getLogger(Acting.class);

  private final Opener opener;
  private final Leading leading;
  private final StandbyView standbyView;
  private final Supervision supervision;
  private final AtomicBoolean toRecover;
  private final StateCondition stateCondition;
  private final ScheduledExecutorService retries;
  private final Duration retry;
  private final StandingAside aside;
  private final AtomicBoolean opening = new AtomicBoolean();
  // written under this object's lock, read without it (every read request asks)
  private volatile Work work;
  private boolean closed;

  /** How the leader's work is opened. */
  @FunctionalInterface
  interface Opener {
    /**
     * The work, the state rebuilt when lost if {@code recover}; its parts' failures to {@code
     * failed}.
     */
    Work open(boolean recover, Consumer<Part> failed);
  }

  /**
   * Opens the work with {@code opener} when {@code leading} makes this daemon lead (the first time
   * with {@code recover}); {@code supervision} is told what no new election can cure; an unreadable
   * state is told to {@code stateCondition} and tried again every {@code retry} on {@code retries};
   * a lost state this daemon may not rebuild makes it stand aside ({@link StandingAside}) until
   * {@code stateStored} says a state is stored again.
   */
  Acting(
      Opener opener,
      Leading leading,
      boolean recover,
      StandbyView standbyView,
      Supervision supervision,
      StateCondition stateCondition,
      ScheduledExecutorService retries,
      Duration retry,
      BooleanSupplier stateStored) {
    this.opener = opener;
    this.leading = leading;
    this.toRecover = new AtomicBoolean(recover);
    this.standbyView = standbyView;
    this.supervision = supervision;
    this.stateCondition = stateCondition;
    this.retries = retries;
    this.retry = retry;
    this.aside =
        new StandingAside(leading, stateCondition, stateStored, retries, retry, this::closed);
  }

  /** Opens the work now, in the caller's thread: the daemon that runs only on the master. */
  void leadNow() {
    Work opened = openWork();
    synchronized (this) {
      work = opened;
    }
  }

  /** Opens the work, rebuilding a lost state the first time if the daemon was told to. */
  private Work openWork() {
    Work opened = opener.open(toRecover.get(), this::partFailed);
    toRecover.set(false);
    return opened;
  }

  @Override
  public void elected() {
    if (!opening.compareAndSet(false, true)) {
      return;
    }
    try {
      open();
    } finally {
      opening.set(false);
    }
  }

  private void open() {
    Work opened;
    try {
      opened = openWork();
    } catch (RuntimeException e) {
      cannotOpen(e);
      return;
    }
    stateCondition.readable();
    synchronized (this) {
      if (!closed && leading.leads()) {
        work = opened;
        return;
      }
    }
    opened.close();
  }

  /**
   * The work could not be opened because of {@code e}: an unreadable state or a refused access is
   * looked at again later, a lost state makes this daemon stand aside where it can, a failure a new
   * election may cure makes it stand again; anything else fails its leadership.
   */
  private void cannotOpen(RuntimeException e) {
    Optional<UnreadableStateException> unreadable =
        WorkFailures.cause(e, UnreadableStateException.class);
    Optional<AccessDeniedException> denied = WorkFailures.cause(e, AccessDeniedException.class);
    if (unreadable.isPresent()) {
      stateCondition.unreadable(unreadable.get());
      retries.schedule(this::retry, retry.toMillis(), TimeUnit.MILLISECONDS);
      return;
    }
    if (denied.isPresent()) {
      stateCondition.denied(denied.get());
      retries.schedule(this::retry, retry.toMillis(), TimeUnit.MILLISECONDS);
      return;
    }
    if (e instanceof LostState.Lost lost && aside.begin(lost)) {
      return;
    }
    if (WorkFailures.curable(e) && leading.electsAgain()) {
      log.warn("cannot take up the leader's work, standing for election again: {}", e.getMessage());
      leading.rejoin();
      return;
    }
    log.error("cannot take up the leader's work: {}", e.getMessage());
    leading.fail(e);
  }

  private synchronized boolean closed() {
    return closed;
  }

  /** Looks at the stored state again, while this daemon is still elected and has no work. */
  private void retry() {
    boolean again;
    synchronized (this) {
      again = !closed && work == null && leading.leads();
    }
    if (again) {
      elected();
    }
  }

  @Override
  public void deposed(String why) {
    drop(why);
  }

  /**
   * Whether {@code failed}'s failure is one a new election may cure (ZooKeeper failed, another
   * leader or something else wrote the state): then the work it belongs to, if it is the current
   * one, stops and this daemon stands again; the daemon itself does not fail. The work stops on
   * another thread: the failed part's own thread (the runner's) cannot wait for itself to end.
   */
  boolean standAgainIf(Part failed) {
    if (!leading.electsAgain()) {
      return false;
    }
    Optional<AccessDeniedException> denied =
        WorkFailures.cause(failed.error(), AccessDeniedException.class);
    if (denied.isPresent()) {
      retries.execute(() -> stopWhileDenied(failed, denied.get()));
      return true;
    }
    if (!WorkFailures.curable(failed.error())) {
      return false;
    }
    retries.execute(
        () -> {
          if (doing(failed)) {
            drop(failed.name() + ": " + failed.cause());
            leading.rejoin();
          }
        });
    return true;
  }

  /** Whether {@code part} belongs to the work this daemon does now. */
  private synchronized boolean doing(Part part) {
    return work != null && work.owns(part);
  }

  /**
   * The store refused this leader access ({@code denied}) while {@code failed}'s work ran: that
   * work stops, this daemon stays elected and looks again every {@code retry} until access is back.
   */
  private void stopWhileDenied(Part failed, AccessDeniedException denied) {
    if (doing(failed)) {
      stateCondition.denied(denied);
      drop(failed.name() + ": " + failed.cause());
      retries.schedule(this::retry, retry.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void drop(String why) {
    Work stopping;
    boolean closed;
    synchronized (this) {
      closed = this.closed;
      stopping = work;
      work = null;
    }
    if (stopping != null) {
      standbyView.seed(stopping.runner().view());
      if (!closed) {
        log.warn("this daemon stops leading ({}); it is a standby now", why);
      }
      stopping.close();
    }
  }

  /** A part failed: what acts stops (unless a new election may cure it), then the daemon exits. */
  void partFailed(Part failed) {
    supervision.failed(
        failed,
        this::standAgainIf,
        () -> {
          leading.standDown();
          Work w = work();
          if (w != null) {
            w.runnerPart().close();
          }
        });
  }

  /** Stops the work for good. */
  void close() {
    synchronized (this) {
      closed = true;
    }
    drop("stopping");
  }

  /** The leader's work, while this daemon has it, sure it still leads or not (null: none). */
  Work work() {
    return work;
  }

  /** Whether elected and taking the state over (the fence wait among it). */
  boolean takingOver() {
    return opening.get() && leading.leads();
  }

  @Override
  public <R> R apply(Command<R> command) {
    return leading().commands().apply(command);
  }

  @Override
  public void admit() {
    leading();
  }

  /** The leader's work; a refusal when this daemon has none. */
  private Work leading() {
    Work w = leading.sure() ? work() : null;
    if (w == null && stateCondition.blocks()) {
      throw new Commands.Busy("nothing was changed: " + stateCondition.problem());
    }
    if (w == null) {
      throw new Commands.NotLeader(leading.leaderUrl());
    }
    return w;
  }
}
