package org.maintd.daemon.leader;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.Result;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.poll.CollectorCalls;
import org.maintd.protocol.report.MasterAnswer;
import org.maintd.protocol.signing.SignatureException;

/**
 * Asks every node's collector which node it believes is the master ({@code GET /1/master}, signed)
 * and counts the votes, as Ganeti's daemons do at start-up. Unanswered, unsigned or badly signed
 * answers are not votes, and neither is an answer signed for another node than the one asked.
 * Thread-safe.
 */
public final class MasterVote {
  private final CollectorCalls calls;
  private final Duration timeout;

  public MasterVote(CollectorCalls calls, Duration timeout) {
    this.calls = calls;
    this.timeout = timeout;
  }

  /** The outcome: votes for each claimed master, and how many nodes were asked. */
  public record Outcome(Map<String, Integer> votes, int asked) {
    public boolean wonBy(String node) {
      int answers = votes.values().stream().mapToInt(Integer::intValue).sum();
      int mine = votes.getOrDefault(node, 0);
      return answers > 0 && mine * 2 > answers;
    }
  }

  public Outcome vote(Collection<String> nodes) {
    Map<String, Integer> votes = new ConcurrentHashMap<>();
    CountDownLatch done = new CountDownLatch(nodes.size());
    for (String node : nodes) {
      calls
          .request(node, "/1/master", timeout)
          .send(
              new BufferingResponseListener(64 * 1024) {
                @Override
                public void onComplete(Result result) {
                  if (!result.isFailed() && result.getResponse().getStatus() == 200) {
                    String master = master(node, getContentAsString());
                    if (master != null) {
                      votes.merge(master, 1, Integer::sum);
                    }
                  }
                  done.countDown();
                }
              });
    }
    try {
      done.await(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new Outcome(Map.copyOf(votes), nodes.size());
  }

  /**
   * The master named in {@code node}'s signed answer; null when the answer is not {@code node}'s
   * own.
   */
  private String master(String node, String body) {
    try {
      MasterAnswer a = calls.open(body, MasterAnswer.class);
      return NodeNames.same(a.node(), node) ? a.master() : null;
    } catch (SignatureException | IllegalArgumentException e) {
      return null;
    }
  }
}
