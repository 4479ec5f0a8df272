package org.maintd.daemon.backend.sim.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * What the end-to-end tests of rehearsals read from a daemon on the simulated cluster: a
 * rehearsal's answer, the operations it played, those the cluster ran for real, the state as
 * stored. Stateless.
 */
final class RehearsalReads {
  private RehearsalReads() {}

  /** The answer to {@code body} posted to {@code /1/rehearsals}, which must be 200. */
  static Map<?, ?> rehearse(TestCluster cluster, String body) throws Exception {
    HttpResponse<String> r = cluster.signedPost("/1/rehearsals", body);
    assertEquals(200, r.statusCode(), r.body());
    return (Map<?, ?>) Json.parse(r.body());
  }

  /** The operations of every job the rehearsal played, in the order its cluster took them. */
  static List<Object> rehearsed(Map<?, ?> answer) {
    return ((List<?>) answer.get("rounds"))
        .stream()
            .flatMap(r -> ((List<?>) ((Map<?, ?>) r).get("jobs")).stream())
            .flatMap(j -> ((List<?>) ((Map<?, ?>) j).get("operations")).stream())
            .map(o -> (Object) o)
            .toList();
  }

  /** The operations of the simulated cluster's jobs from number {@code from} on, in order. */
  static List<Object> submitted(TestCluster cluster, int from) throws Exception {
    List<Map<String, Object>> jobs = cluster.simJobs();
    return jobs.subList(from, jobs.size()).stream()
        .flatMap(j -> ((List<?>) j.get("operations")).stream())
        .map(o -> (Object) o)
        .toList();
  }

  /** The state the daemon of {@code dir} stored. */
  static String state(Path dir) throws Exception {
    return Files.readString(dir.resolve("state/state.json"));
  }
}
