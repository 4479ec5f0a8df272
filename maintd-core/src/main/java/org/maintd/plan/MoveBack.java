package org.maintd.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.Home;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate.Mobility;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.Operation;

/**
 * A node's way home. When the node starts, the instances it holds are recorded as homes (its
 * primaries, and in a full evacuation its secondaries); in the last phase of its run they go back,
 * one move each and round, as claims and the node's room allow. One that cannot go back (the node
 * is gone, offline or drained again; it has no room) stays where it is, and the campaign's history
 * says why; one whose move waits for a node or instance busy this round is tried again the next. A
 * node drained before the campaign takes nothing back. Not thread-safe: one per node and planning
 * pass.
 */
final class MoveBack {
  /** Where the node's instances are after this round's moves. */
  sealed interface Homecoming {
    /** The campaign with the homes that are settled dropped, and why each that stays away does. */
    Campaign campaign();

    /** The sentence for the campaign's history (settled) or its next (under way). */
    String text();

    /** Every instance is home or stays away: the node is done. */
    record Settled(Campaign campaign, String text) implements Homecoming {}

    /** Some instances are on their way, or wait for nodes busy this round. */
    record Underway(Campaign campaign, String text) implements Homecoming {}
  }

  /** What one instance's way home came to this round. */
  sealed interface Move {
    /** Its move back is planned. */
    record Planned() implements Move {}

    /** The instance, or a node its move needs, is in another job: it waits for the next round. */
    record Busy(String reason) implements Move {}

    /** It cannot go back, for this reason: it stays where it is. */
    record Stays(String reason) implements Move {}
  }

  private static final Move PLANNED = new Move.Planned();

  private final RoundContext ctx;
  private final CampaignJobs jobs;
  private final String node;
  private final Instant now;

  MoveBack(RoundContext ctx, CampaignJobs jobs, String node, Instant now) {
    this.ctx = ctx;
    this.jobs = jobs;
    this.node = node;
    this.now = now;
  }

  /**
   * The homes {@code campaign} keeps once {@code node} starts: the node's primaries, and in a full
   * evacuation its secondaries, in place of any an earlier start recorded for it.
   */
  static List<Home> homes(Campaign campaign, Cluster cluster, String node) {
    List<Home> homes = new ArrayList<>(campaign.homes());
    homes.removeIf(h -> h.node().equals(node));
    cluster.primariesOf(node).forEach(i -> homes.add(new Home(i.name(), node, true)));
    if (campaign.spec().mode() == CampaignMode.FULL_EVACUATION) {
      cluster.secondariesOf(node).forEach(i -> homes.add(new Home(i.name(), node, false)));
    }
    return homes;
  }

  /** Plans this round's moves home for the instances {@code campaign} keeps for the node. */
  Homecoming plan(Campaign campaign) {
    List<Home> mine = campaign.homes().stream().filter(h -> h.node().equals(node)).toList();
    if (campaign.progress(node).wasDrained()) {
      return stayAway(campaign, mine);
    }
    List<Home> kept = new ArrayList<>(campaign.homes());
    Campaign c = campaign;
    int moving = 0;
    for (Home h : mine) {
      Optional<Instance> found = ctx.index.instance(h.instance());
      if (found.isEmpty() || atHome(found.get(), h)) {
        kept.remove(h);
        continue;
      }
      Move move = move(found.get(), h);
      if (move instanceof Move.Planned) {
        moving++;
      } else if (move instanceof Move.Stays stays) {
        kept.remove(h);
        String where = h.instance() + " stays on " + found.get().primary();
        c = c.event(now, "stays", where + ": " + stays.reason());
      }
    }
    c = c.withHomes(kept);
    if (kept.stream().noneMatch(h -> h.node().equals(node))) {
      return new Homecoming.Settled(c, "done");
    }
    return new Homecoming.Underway(
        c,
        moving == 0
            ? "instances wait for nodes busy this round"
            : "moving " + moving + " instance(s) back");
  }

  /** Drained before the campaign: the node takes no instances back; they stay where they went. */
  private static Homecoming stayAway(Campaign campaign, List<Home> mine) {
    List<Home> kept = new ArrayList<>(campaign.homes());
    kept.removeAll(mine);
    return new Homecoming.Settled(
        campaign.withHomes(kept),
        mine.isEmpty()
            ? "done"
            : mine.size() + " instance(s) stay away: the node was drained before the campaign");
  }

  private boolean atHome(Instance i, Home h) {
    return h.primary()
        ? i.primary().equals(node)
        : i.secondary().equals(node) || i.primary().equals(node);
  }

  /**
   * Plans one move of {@code i} towards home: a DRBD instance that left as secondary, or whose
   * secondary is elsewhere, first gets its secondary back; any other instance its primary.
   */
  Move move(Instance i, Home h) {
    Optional<Node> home = ctx.cluster.node(node);
    if (home.isEmpty() || home.get().offline() || home.get().drained()) {
      String state = home.isEmpty() ? "gone" : home.get().offline() ? "offline" : "drained";
      return new Move.Stays(node + " is " + state + " again");
    }
    if (ctx.ruledOut.containsKey(node)) {
      return new Move.Stays(node + " is ruled out: " + ctx.ruledOut.get(node));
    }
    if (!ctx.claims.instanceFree(i.name())) {
      return new Move.Busy("instance in another job");
    }
    boolean mirrored = i.diskTemplate().mobility() == Mobility.INTERNALLY_MIRRORED;
    boolean secondary = mirrored && (!h.primary() || !i.secondary().equals(node));
    Operation op =
        secondary
            ? Moves.secondary(i, i.secondary(), node)
            : Moves.primary(i, i.primary(), node, false);
    Capacity.Need need = secondary ? Moves.secondaryNeed(i) : Moves.primaryNeed(i);
    if (!jobs.free(op.nodes())) {
      return new Move.Busy("a node of the move is in another job");
    }
    var shortfall = ctx.capacity.shortfall(node, need);
    if (shortfall.isPresent()) {
      return new Move.Stays(shortfall.get().text());
    }
    ctx.capacity.take(node, need);
    jobs.add(jobs.job(List.of(op), op.kind() + " " + i.name() + " back to " + node));
    return PLANNED;
  }
}
