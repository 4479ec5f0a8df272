package org.maintd.daemon.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maintd.protocol.json.Json;

/**
 * The jobs the simulated cluster several daemons share has received, as its file in their state
 * directory holds them, whichever daemon runs. Stateless.
 */
public final class SharedSimJobs {
  private SharedSimJobs() {}

  /** Every job received, each as the file holds it (its {@code spec} with its {@code key}). */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> in(Path stateDir) throws IOException {
    Path file = stateDir.resolve("sim/cluster.json");
    return Files.exists(file)
        ? (List<Map<String, Object>>) ((Map<?, ?>) Json.parse(Files.readString(file))).get("jobs")
        : List.of();
  }

  /** When the simulated cluster received each job, earliest first. */
  public static List<java.time.Instant> submissionTimes(Path stateDir) throws IOException {
    List<java.time.Instant> times = new java.util.ArrayList<>();
    for (Map<String, Object> job : in(stateDir)) {
      Object t = job.get("submitted");
      times.add(
          t instanceof Number n
              ? java.time.Instant.ofEpochSecond(0)
                  .plusNanos(
                      new java.math.BigDecimal(n.toString()).movePointRight(9).longValueExact())
              : java.time.Instant.parse(t.toString()));
    }
    times.sort(null);
    return times;
  }

  /** The key of each job received, in the order received. */
  public static List<String> keys(Path stateDir) throws IOException {
    return in(stateDir).stream().map(j -> (String) ((Map<?, ?>) j.get("spec")).get("key")).toList();
  }

  /** Fails naming the keys when one was submitted twice. */
  public static void assertNoKeyTwice(Path stateDir) throws IOException {
    List<String> keys = keys(stateDir);
    assertEquals(
        keys.size(), keys.stream().distinct().count(), "a job key was submitted twice: " + keys);
  }
}
