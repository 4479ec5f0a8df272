package org.maintd.daemon.app;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.leader.MasterGate;
import org.maintd.daemon.runner.Gate;

/**
 * How this daemon comes to lead: on the master from its start ({@code leadership: master}), or
 * elected later, by watching for its node to become the master ({@code standby}) or through
 * ZooKeeper ({@code zookeeper}). Each case says when the runner may act and for which node, who
 * leads when this daemon does not, and what becomes of its election when the daemon stands down.
 * Built by {@link Ways}; nothing runs until the daemon starts it.
 */
sealed interface Leading {

  /** When the leader's runner may act. */
  Gate gate();

  /** Whether this daemon still leads, asked before every change to a state in ZooKeeper. */
  BooleanSupplier stillLeads();

  /** The node this daemon acts for. */
  String actingFor();

  /** Whether this daemon leads now. */
  boolean leads();

  /** Whether this daemon can be sure that no other leads now (see {@link Election#sure}). */
  boolean sure();

  /** The URL of the daemon that leads now; empty when none does, or none is elected. */
  String leaderUrl();

  /**
   * For how long, in seconds at {@code now}, no daemon has been known to lead (since {@code start}
   * when none ever was); 0 while one is, and always where nobody is elected.
   */
  double secondsWithoutLeader(Instant now, Instant start);

  /**
   * Whether a new election may cure a failure of the leader's work; false on the master, where
   * nothing is elected.
   */
  boolean electsAgain();

  /** Gives up leadership, if held, and stands again (see {@link #electsAgain}). */
  void rejoin();

  /** Stands aside from the election (see {@link Election#standAside}); false where none is. */
  boolean standAside();

  /** Stands for election again after {@link #standAside}. */
  void standAgain();

  /** Begins what must run before anything else: the master's check and vote. */
  void beginFirst(Parts parts);

  /** Takes up the leader's work before the API serves, when this daemon leads from its start. */
  void leadFromTheStart(Acting acting);

  /**
   * Once the API serves: a daemon that waits to be elected watches the stored state as a standby,
   * listens to its election and enters it.
   */
  void stand(Parts parts, Acting acting, StandbyView standbyView, ScheduledExecutorService timers);

  /** {@code moved} runs when the master role leaves this daemon's node, if that ends its lead. */
  void onMasterMoved(Runnable moved);

  /** Stops standing for election: the daemon stops or has failed. */
  void standDown();

  /** The leadership part fails because of {@code e}, which no new election cures. */
  void fail(RuntimeException e);

  /** {@code leadership: master}: the daemon on the master leads while its node stays master. */
  record OnTheMaster(Leadership leadership) implements Leading {
    @Override
    public Gate gate() {
      return MasterGate.of(leadership);
    }

    @Override
    public BooleanSupplier stillLeads() {
      return () -> true;
    }

    @Override
    public String actingFor() {
      return leadership.leader();
    }

    @Override
    public boolean leads() {
      return true;
    }

    @Override
    public boolean sure() {
      return true;
    }

    @Override
    public String leaderUrl() {
      return "";
    }

    @Override
    public double secondsWithoutLeader(Instant now, Instant start) {
      return 0;
    }

    @Override
    public boolean electsAgain() {
      return false;
    }

    @Override
    public void rejoin() {}

    @Override
    public boolean standAside() {
      return false;
    }

    @Override
    public void standAgain() {}

    @Override
    public void beginFirst(Parts parts) {
      parts.begin(leadership);
    }

    @Override
    public void leadFromTheStart(Acting acting) {
      acting.leadNow();
    }

    @Override
    public void stand(
        Parts parts, Acting acting, StandbyView standbyView, ScheduledExecutorService timers) {}

    @Override
    public void onMasterMoved(Runnable moved) {
      leadership.moved().thenRun(moved);
    }

    @Override
    public void standDown() {}

    @Override
    public void fail(RuntimeException e) {
      leadership.failed(e);
    }
  }

  /**
   * {@code leadership: standby} or {@code zookeeper}: the daemon leads while {@code election} says
   * it does, its runner acting when {@code gate} lets it, for {@code actingFor}.
   */
  record Elected(Election election, Gate gate, String actingFor) implements Leading {
    @Override
    public BooleanSupplier stillLeads() {
      return election::leads;
    }

    @Override
    public boolean leads() {
      return election.leads();
    }

    @Override
    public boolean sure() {
      return election.sure();
    }

    @Override
    public String leaderUrl() {
      return election.leaderUrl();
    }

    @Override
    public double secondsWithoutLeader(Instant now, Instant start) {
      if (!election.leaderUrl().isEmpty()) {
        return 0;
      }
      Instant known = election.leaderLastKnown();
      return Duration.between(known == null ? start : known, now).toMillis() / 1000.0;
    }

    @Override
    public boolean electsAgain() {
      return true;
    }

    @Override
    public void rejoin() {
      election.rejoin();
    }

    @Override
    public boolean standAside() {
      return election.standAside();
    }

    @Override
    public void standAgain() {
      election.standAgain();
    }

    @Override
    public void beginFirst(Parts parts) {}

    @Override
    public void leadFromTheStart(Acting acting) {}

    @Override
    public void stand(
        Parts parts, Acting acting, StandbyView standbyView, ScheduledExecutorService timers) {
      standbyView.watch(timers, () -> acting.work() == null);
      election.listen(acting);
      parts.begin(election.part());
    }

    @Override
    public void onMasterMoved(Runnable moved) {}

    @Override
    public void standDown() {
      election.part().close();
    }

    @Override
    public void fail(RuntimeException e) {
      election.part().failed(e);
    }
  }
}
