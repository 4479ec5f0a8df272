package org.maintd.recovery;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maintd.spi.JobTrace;

/**
 * Every trace of maintd's work the cluster holds: node tags that start with {@code maintd:}, the
 * jobs of its reason trail, and the repairs collectors ran. None at all means maintd never worked
 * here (or everything was cleaned up): a missing state file is then a fresh start.
 */
public record Traces(
    Map<String, List<String>> nodeTags, List<JobTrace> jobs, List<RepairRecord> repairs) {
  public static final String TAG_PREFIX = "maintd:";

  public Traces {
    nodeTags = Collections.unmodifiableMap(new TreeMap<>(nodeTags));
    jobs = List.copyOf(jobs);
    repairs = List.copyOf(repairs);
  }

  public boolean isEmpty() {
    return nodeTags.values().stream().allMatch(List::isEmpty)
        && jobs.isEmpty()
        && repairs.isEmpty();
  }

  private String unreadable(String node) {
    long n =
        repairs.stream().filter(r -> r.node().equals(node) && r.unreadable().isPresent()).count();
    return n == 0 ? "" : ", " + n + " of whose records cannot be read";
  }

  /** Whether any job is still queued or running. */
  public boolean jobsUnderWay() {
    return jobs.stream().anyMatch(j -> !j.status().isFinished());
  }

  /** One sentence per kind of trace, for people. */
  public List<String> describe() {
    List<String> out = new ArrayList<>();
    nodeTags.forEach(
        (node, tags) -> {
          if (!tags.isEmpty()) {
            out.add(node + " carries " + String.join(", ", tags));
          }
        });
    if (!jobs.isEmpty()) {
      out.add(
          jobs.size()
              + " job(s) in the cluster's queue carry maintd's reason trail ("
              + String.join(", ", jobs.stream().limit(5).map(JobTrace::id).toList())
              + (jobs.size() > 5 ? ", ..." : "")
              + ")");
    }
    repairs.stream()
        .map(RepairRecord::node)
        .distinct()
        .sorted()
        .forEach(
            node ->
                out.add(
                    "the collector of "
                        + node
                        + " ran "
                        + repairs.stream().filter(r -> r.node().equals(node)).count()
                        + " repair(s)"
                        + unreadable(node)));
    return out;
  }
}
