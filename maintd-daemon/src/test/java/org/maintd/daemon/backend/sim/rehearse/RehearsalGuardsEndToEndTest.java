package org.maintd.daemon.backend.sim.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.HoursAhead;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * A rehearsal held by a guard of planned work, on the daemon with real collectors: outside the
 * allowed hours a rehearsed drain waits for them to open, in a few ticks rather than one per poll
 * interval, and says it waited, for how long and why. Costs about two seconds.
 */
class RehearsalGuardsEndToEndTest {
  @TempDir Path tmp;

  TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  @Test
  void aDrainOutsideTheAllowedHoursWaitsForThemToOpenAndSaysSo() throws Exception {
    HoursAhead hours = HoursAhead.in(3);
    cluster = new TestCluster(tmp);
    cluster.maintenance = hours.maintenance();
    cluster.startDaemon();
    cluster.awaitTicks(2);
    HttpResponse<String> r =
        cluster.signedPost("/1/rehearsals", "{\"action\": \"drain\", \"node\": \"n2\"}");
    assertEquals(200, r.statusCode(), r.body());
    Map<?, ?> answer = (Map<?, ?>) Json.parse(r.body());
    assertEquals("done", ((Map<?, ?>) answer.get("ending")).get("kind"), r.body());
    double seconds = ((Number) answer.get("seconds")).doubleValue();
    assertTrue(seconds > 2 * 3600 && seconds < 3 * 3600 + 120, r.body());
    assertTrue(((Number) answer.get("ticks")).intValue() < 100, r.body());
    List<?> guards = (List<?>) answer.get("guards");
    Map<?, ?> held = (Map<?, ?>) guards.get(0);
    assertEquals("allowed-hours", held.get("kind"), r.body());
    assertEquals(false, held.get("still"), r.body());
    assertTrue(((Number) held.get("seconds")).doubleValue() > 2 * 3600, r.body());
    assertTrue(held.get("text").toString().startsWith("outside the allowed hours"), r.body());
  }
}
