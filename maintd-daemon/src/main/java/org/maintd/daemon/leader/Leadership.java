package org.maintd.daemon.leader;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.service.Part;
import org.maintd.error.ReasonedException;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether this daemon acts for the cluster's master. It starts only on the master (and, unless told
 * not to, after winning the nodes' vote). When a snapshot shows the master role moved (a campaign
 * fails it over before rebooting the master), the daemon either follows it (a backend whose nodes
 * all live in this process) or stops acting: this part terminates and {@link #moved} completes with
 * the new master, so that the daemon there goes on from the stored state. Thread-safe.
 */
public final class Leadership extends Part {
  private static final Logger log = LoggerFactory.getLogger(Leadership.class);

  private final ClusterBackend backend;
  private final Vote vote;
  private final boolean follows;
  private final CompletableFuture<String> moved = new CompletableFuture<>();
  private volatile String self;
  private volatile String votes = "not asked (--no-voting)";

  /**
   * Acts for {@code node} while it is the master of {@code backend}'s cluster, once it won the
   * nodes' {@code vote} (or skipped it); {@code follows} follows the master role when it moves.
   */
  public Leadership(String node, ClusterBackend backend, Vote vote, boolean follows, Clock clock) {
    super("leadership", clock);
    this.self = node;
    this.backend = backend;
    this.vote = vote;
    this.follows = follows;
  }

  @Override
  protected void startUp() {
    String master;
    try {
      master = backend.master();
    } catch (BackendException e) {
      throw new Refused(
          Refused.Reason.NO_ANSWER, "cannot ask the cluster who the master is: " + e.getMessage());
    }
    if (!NodeNames.same(master, self)) {
      throw new Refused(
          Refused.Reason.NOT_MASTER,
          "this node (" + self + ") is not the master (" + master + "); exiting");
    }
    if (vote instanceof Vote.Skipped) {
      log.warn("master voting skipped (--no-voting --yes-do-it)");
      return;
    }
    if (!(vote instanceof Vote.Asked asked)) {
      throw new IllegalStateException("no way to take the vote " + vote + " is known");
    }
    MasterVote.Outcome outcome = asked.ask().get();
    if (!outcome.wonBy(self)) {
      throw new Refused(
          Refused.Reason.LOST_VOTE,
          "lost the master vote: "
              + outcome.votes()
              + " of "
              + outcome.asked()
              + " nodes asked; use --no-voting --yes-do-it only if you are sure this node is the master");
    }
    votes = outcome.votes().getOrDefault(self, 0) + " of " + outcome.asked() + " nodes";
    log.info("master vote won: {} of {} nodes asked", outcome.votes(), outcome.asked());
  }

  /** The node this daemon acts for: the master. */
  public String leader() {
    return self;
  }

  /**
   * Completes with the new master's name when the role moved away and this daemon stopped acting.
   */
  public CompletableFuture<String> moved() {
    return moved;
  }

  /** Whether this daemon still acts for {@code cluster}'s master; checked before every tick. */
  public boolean stillMaster(Cluster cluster) {
    String master = cluster.master().map(Node::name).orElse(self);
    if (NodeNames.same(master, self)) {
      return true;
    }
    if (follows) {
      log.info(
          "the master role moved from {} to {}; this daemon goes on as the daemon of {}",
          self,
          master,
          master);
      self = master;
      return true;
    }
    log.warn(
        "the master role moved from {} to {}; this daemon stops, the one on {} goes on",
        self,
        master,
        master);
    votes = "the master role moved to " + master;
    close();
    moved.complete(master);
    return false;
  }

  @Override
  protected void shutDown() {}

  @Override
  protected String detail() {
    return "master: " + self + "; vote: " + votes;
  }

  /** This daemon may not act for the master: why. */
  public static final class Refused extends ReasonedException {
    /** Not the master, the vote lost, or the cluster did not answer. */
    public enum Reason {
      NOT_MASTER,
      LOST_VOTE,
      NO_ANSWER
    }

    public Refused(Reason reason, String message) {
      super(reason, message);
    }

    /** Why, as this exception's own enum. */
    @Override
    public Reason reason() {
      return (Reason) super.reason();
    }
  }
}
