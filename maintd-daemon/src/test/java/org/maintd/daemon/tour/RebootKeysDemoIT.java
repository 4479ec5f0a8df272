package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reboot keys on the demo, driven as an operator drives it with maintctl: a key no URL can carry
 * back ({@code ..}) is refused when asked for, naming the rule; a key with characters the release's
 * URL encodes ({@code team:disk}) is admitted on the node named in capitals, holds it off, and is
 * released by {@code maintctl release}; a key with a space, or one that would climb the path,
 * travels as one encoded segment and is refused cleanly (no stack trace, nothing else touched); a
 * key {@code ..} is refused by maintctl itself, as a usage error.
 */
class RebootKeysDemoIT {
  private static final Duration SHORT = Duration.ofSeconds(60);

  @TempDir Path tmp;

  @Test
  void everyKeyAdmittedIsReleasedWithMaintctlAndNoOtherIs() throws Exception {
    try (DemoProcess d = DemoProcess.reboots(tmp)) {
      d.start();
      Object schedule = d.get("/1/maintenance/schedule");

      DemoProcess.Result dots = d.run("scripts/maintctl reboot node7 --key ..", SHORT);
      assertEquals(1, dots.exit(), dots.all());
      assertTrue(
          dots.err().contains("maintd answered 400: key \"..\": a key is 1 to 64 letters")
              && dots.err().contains("not beginning with '.'"),
          dots.all());

      DemoProcess.Result held =
          d.run("scripts/maintctl reboot NODE7 --key team:disk --no-evacuate", SHORT);
      assertEquals(0, held.exit(), held.all());
      assertTrue(held.out().matches("reboot request \\S+ of node7: pending\\s*"), held.out());
      await("node7 held")
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> "held".equals(reboots(d).get("phase")));
      DemoProcess.Result nodes = d.run("scripts/maintctl nodes", SHORT);
      assertTrue(nodes.out().matches("(?s).*node7\\s.*held:team:disk.*"), nodes.out());

      DemoProcess.Result spaced = d.run("scripts/maintctl release node7 'a b'", SHORT);
      assertEquals(1, spaced.exit(), spaced.all());
      assertEquals(
          "maintctl: maintd answered 404: no reboot request with key a b holds node node7",
          spaced.err().strip());

      DemoProcess.Result climbing =
          d.run("scripts/maintctl release node7 '../../../maintenance/schedule'", SHORT);
      assertEquals(1, climbing.exit(), climbing.all());
      assertTrue(climbing.err().startsWith("maintctl: maintd answered 400"), climbing.all());
      assertFalse(climbing.all().contains("Exception"), climbing.all());
      assertEquals(schedule, d.get("/1/maintenance/schedule"), "the schedule is untouched");
      assertEquals(List.of("team:disk"), reboots(d).get("keys"));

      DemoProcess.Result dotted = d.run("scripts/maintctl release node7 ..", SHORT);
      assertEquals(2, dotted.exit(), dotted.all());
      assertTrue(dotted.err().contains("KEY '..' cannot be one segment of a URL"), dotted.all());

      DemoProcess.Result released = d.run("scripts/maintctl release Node7 team:disk", SHORT);
      assertEquals(0, released.exit(), released.all());
      assertTrue(
          released.out().startsWith("released team:disk on node7 (request "), released.out());
      await("node7 back")
          .atMost(Duration.ofSeconds(180))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> "idle".equals(reboots(d).get("phase")) && "on".equals(reboots(d).get("power")));
      Map<?, ?> request = (Map<?, ?>) ((List<?>) reboots(d).get("requests")).get(0);
      assertEquals("done", request.get("status"), request.toString());
    }
  }

  private static Map<?, ?> reboots(DemoProcess d) throws Exception {
    return (Map<?, ?>) d.get("/1/nodes/node7/reboot");
  }
}
