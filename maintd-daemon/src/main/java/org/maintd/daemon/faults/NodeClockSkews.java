package org.maintd.daemon.faults;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.maintd.daemon.poll.ReportClocks;

/**
 * The nodes whose reports are refused for their clock: {@code NODE_CLOCK_SKEW} lasts while one
 * node's last report was refused for it, naming each node and how far its clock is off; a node's
 * report accepted again takes it off. A node refused so is neither faulty nor healthy for the round
 * (its observation is unknown): nothing is evacuated for the skew alone. Thread-safe.
 */
public final class NodeClockSkews implements ReportClocks {
  private final Faults faults;
  private final Map<String, Long> aheadSeconds = new TreeMap<>();
  private long allowedSeconds;

  public NodeClockSkews(Faults faults) {
    this.faults = faults;
  }

  @Override
  public synchronized void refused(String node, Duration ahead, Duration allowed) {
    aheadSeconds.put(node, ahead.toSeconds());
    allowedSeconds = allowed.toSeconds();
    faults.raise(FaultKind.NODE_CLOCK_SKEW, detail());
  }

  @Override
  public synchronized void accepted(String node) {
    if (aheadSeconds.remove(node) == null) {
      return;
    }
    if (aheadSeconds.isEmpty()) {
      faults.clear(FaultKind.NODE_CLOCK_SKEW);
    } else {
      faults.raise(FaultKind.NODE_CLOCK_SKEW, detail());
    }
  }

  private String detail() {
    StringBuilder b = new StringBuilder();
    aheadSeconds.forEach(
        (node, ahead) ->
            b.append(b.isEmpty() ? "" : ", ")
                .append(node)
                .append(' ')
                .append(Math.abs(ahead))
                .append(ahead >= 0 ? " s ahead" : " s behind"));
    return "reports refused, signed further from this daemon's clock than the "
        + allowedSeconds
        + " s allowed: "
        + b;
  }
}
