package org.maintd.maintenance;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.ClusterIndex;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.machine.MachineMode;

/**
 * The instances' consent to the drain of their node: an instance tag {@code
 * maintd:consent:decline:<reason>} declines; so does a consent command's answer, which the daemon
 * asks for every instance on a draining node and gives each tick. Answers are kept with their time
 * and source; a tag's decline lasts as long as the tag. Stateless.
 */
public final class Consents {
  /** The tag by which an instance declines the drain of its node; the reason follows it. */
  public static final String DECLINE_TAG = "maintd:consent:decline:";

  private Consents() {}

  /** What stands between an instance and its move off a draining node. */
  public sealed interface Status {
    /** Nothing: it accepted, the answer is unknown, or nobody is asked. */
    record Free() implements Status {}

    /** It declined. */
    record Declined(Consent answer) implements Status {}

    /** Its consent is asked and not yet answered. */
    record Pending() implements Status {}
  }

  /**
   * {@code inst}'s consent to leaving {@code node}, from {@code records}; an instance nobody has
   * answered for is {@link Status.Pending} while consent commands are asked ({@code asking}).
   */
  public static Status of(Instance inst, String node, List<Consent> records, boolean asking) {
    Optional<Consent> last =
        records.stream()
            .filter(c -> c.instance().equals(inst.name()) && c.node().equals(node))
            .reduce((a, b) -> b);
    if (last.isEmpty()) {
      return asking ? new Status.Pending() : new Status.Free();
    }
    return last.get().declined() ? new Status.Declined(last.get()) : new Status.Free();
  }

  /** The instances that have {@code node} as their primary or secondary. */
  public static List<Instance> on(Cluster cluster, String node) {
    List<Instance> out = new ArrayList<>(cluster.primariesOf(node));
    out.addAll(cluster.secondariesOf(node));
    return out;
  }

  /**
   * The instances that have {@code node} as their primary or secondary, as {@code index} has them.
   */
  public static List<Instance> on(ClusterIndex index, String node) {
    List<Instance> out = new ArrayList<>(index.primariesOf(node));
    out.addAll(index.secondariesOf(node));
    return out;
  }

  /**
   * The answers after this tick: a decline tag on an instance of a draining node is recorded when
   * first seen, and dropped once the tag is gone; each of {@code answers} (the consent commands',
   * by instance) replaces that instance's last answer on its node, unless a tag declines.
   */
  public static Maintenance observe(
      Maintenance m, Cluster cluster, Map<String, Consent> answers, Instant now) {
    Maintenance out = m;
    ClusterIndex index = new ClusterIndex(cluster);
    for (Node node : cluster.nodes()) {
      if (out.modeOf(node.name()) != MachineMode.DRAIN) {
        continue;
      }
      for (Instance inst : on(index, node.name())) {
        out = observe(out, inst, node.name(), answers.get(inst.name()), now);
      }
    }
    return out;
  }

  private static Maintenance observe(
      Maintenance m, Instance inst, String node, Consent answer, Instant now) {
    Optional<String> tag = inst.tags().stream().filter(t -> t.startsWith(DECLINE_TAG)).findFirst();
    Optional<Consent> fromTag =
        m.consents().stream()
            .filter(c -> c.instance().equals(inst.name()) && c.node().equals(node))
            .filter(c -> c.source().equals("tag"))
            .findFirst();
    if (tag.isPresent()) {
      String reason = tag.get().substring(DECLINE_TAG.length());
      return fromTag.isPresent() && fromTag.get().reason().equals(reason)
          ? m
          : m.withConsent(
              new Consent(
                  inst.name(), node, Consent.Answer.DECLINE, reason, now, Optional.empty(), "tag"));
    }
    Maintenance out =
        fromTag.isPresent()
            ? m.withConsents(m.consents().stream().filter(c -> !c.equals(fromTag.get())).toList())
            : m;
    return answer != null && answer.node().equals(node) ? out.withConsent(answer) : out;
  }
}
