package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.protocol.json.Json;

/**
 * Planned maintenance driven from outside as an operator drives it: {@code scripts/demo} and {@code
 * scripts/maintctl} processes. Four {@code schedule add}s at once each keep their window; {@code
 * up} after an incident's evacuation and {@code ack} keeps the node's window; {@code down --force}
 * on a draining machine whose instance declines waits until the instance has moved and the machine
 * is DOWN; a schedule that moves that machine's window a day later puts it back online, drained; a
 * DOWN machine whose node is set online by hand follows its node (DRAIN, said in its notices) and
 * leaves the schedule with {@code schedule remove}, undrained.
 */
class MachineModesDemoIT {
  private static final Duration SHORT = Duration.ofSeconds(60);

  @TempDir Path tmp;

  private DemoProcess demo;

  @Test
  void theScheduleAndTheMachinesModesHoldAsAnOperatorUsesThem() throws Exception {
    try (DemoProcess d = new DemoProcess(tmp)) {
      demo = d;
      d.start();
      fourConcurrentAddsEachKeepTheirWindow();
      upAfterAnEvacuationKeepsTheWindow();
      aForcedDownWaitsUntilTheDecliningInstanceMovedAndTheMachineIsDown();
      aWindowMovedLaterPutsTheDownMachineBackOnlineDrained();
      aDownMachineSetOnlineByHandFollowsItsNodeAndCanLeaveTheSchedule();
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError(e.getMessage() + "\n--- demo log ---\n" + demo.tail(), e);
    }
  }

  private void fourConcurrentAddsEachKeepTheirWindow() throws Exception {
    DemoProcess.Result r =
        demo.run(
            "for n in node9 node10 node11 node12; do"
                + " (scripts/maintctl schedule add $n --start +5h --duration 1h >/dev/null 2>&1;"
                + " echo \"$n $?\") & done; wait",
            SHORT);
    assertEquals(
        List.of("node10 0", "node11 0", "node12 0", "node9 0"),
        r.out().lines().sorted().toList(),
        r.all());
    assertEquals(List.of("node10", "node11", "node12", "node9"), scheduled());
    String etag =
        demo.run("curl -si localhost:1816/1/maintenance/schedule | grep -i '^etag:'", SHORT).out();
    assertTrue(etag.matches("(?i)etag: \"\\d+\"\\s*"), etag);
  }

  private void upAfterAnEvacuationKeepsTheWindow() throws Exception {
    ok("scripts/maintctl sim diagnose node9 evacuate");
    awaitTrue(
        "node9's evacuation completed",
        () -> ok("scripts/maintctl status").matches("(?s).*node9\\s+evacuate\\s+completed.*"));
    ok("scripts/maintctl sim diagnose node9 Ok");
    awaitTrue(
        "node9 reports Ok",
        () -> "ok".equals(((Map<?, ?>) node("node9").get("collector")).get("health")));
    ok("scripts/maintctl ack node9");
    String up = ok("scripts/maintctl up node9");
    assertTrue(up.startsWith("node9: back in service through job "), up);
    assertEquals(false, node("node9").get("drained"));
    assertEquals(List.of("node10", "node11", "node12", "node9"), scheduled(), "its window stays");
  }

  private void aForcedDownWaitsUntilTheDecliningInstanceMovedAndTheMachineIsDown()
      throws Exception {
    ok("scripts/maintctl sim tag --kind instance inst03 add maintd:consent:decline:backup");
    ok("scripts/maintctl schedule add node5 --start +30m --duration 10m");
    awaitTrue(
        "node5 DRAIN with inst03 declining",
        () ->
            "DRAIN".equals(node("node5").get("mode"))
                && List.of("inst03").equals(node("node5").get("primary_instances"))
                && ok("scripts/maintctl plan").contains("inst03 declined (backup"));
    DemoProcess.Result down = demo.run("scripts/maintctl down node5 --force", SHORT);
    assertEquals(0, down.exit(), down.all());
    assertTrue(
        down.err()
            .startsWith("node5: DOWN once 1 instance has moved (inst03; declines overridden)\n"),
        down.err());
    assertTrue(
        down.err()
            .contains("inst03 moves despite its decline (backup): its machine is forced DOWN"),
        down.err());
    assertEquals("node5: DOWN (offline)\n", down.out());
    assertEquals(true, node("node5").get("offline"));
    assertEquals(List.of(), node("node5").get("primary_instances"));
  }

  private void aWindowMovedLaterPutsTheDownMachineBackOnlineDrained() throws Exception {
    Map<?, ?> schedule = (Map<?, ?>) Json.parse(ok("scripts/maintctl -o json schedule show"));
    for (Object w : (List<?>) schedule.get("windows")) {
      Map<String, Object> window = (Map<String, Object>) w;
      Map<?, ?> id = (Map<?, ?>) ((List<?>) window.get("machine_ids")).get(0);
      if (id.get("hostname").equals("node5")) {
        Map<String, Object> start =
            (Map<String, Object>) ((Map<?, ?>) window.get("unavailability")).get("start");
        start.put(
            "nanoseconds", ((Number) start.get("nanoseconds")).longValue() + 86_400_000_000_000L);
      }
    }
    Path later = Files.writeString(tmp.resolve("later.json"), Json.write(schedule));
    String set = ok("scripts/maintctl schedule set " + later);
    assertTrue(
        set.contains("node5: its window moved later: back online, drained (DRAIN) until then"),
        set);
    awaitTrue(
        "node5 online, drained",
        () ->
            Boolean.FALSE.equals(node("node5").get("offline"))
                && Boolean.TRUE.equals(node("node5").get("drained")));
    assertEquals("DRAIN", node("node5").get("mode"));
  }

  private void aDownMachineSetOnlineByHandFollowsItsNodeAndCanLeaveTheSchedule() throws Exception {
    String down = ok("scripts/maintctl down node5");
    assertTrue(down.matches("node5: DOWN through job \\d+ \\(offline\\)\n"), down);
    assertEquals(
        "node5: drained yes, offline no\n", ok("scripts/maintctl sim node node5 --offline no"));
    awaitTrue(
        "node5's machine follows its node: DRAIN, with a notice",
        () ->
            "DRAIN".equals(node("node5").get("mode"))
                && Json.write(demo.get("/1/maintenance/status"))
                    .contains(
                        "node5 was set online outside maintd while DOWN for maintenance: DRAIN, as"
                            + " it is still drained"));
    ok("scripts/maintctl schedule remove node5");
    awaitTrue(
        "node5 out of the schedule, undrained",
        () -> Boolean.FALSE.equals(node("node5").get("drained")) && !scheduled().contains("node5"));
    assertEquals("UP", node("node5").get("mode"));
  }

  private String ok(String command) throws Exception {
    DemoProcess.Result r = demo.run(command, SHORT);
    assertEquals(0, r.exit(), command + ": " + r.all());
    return r.out();
  }

  private Map<String, Object> node(String name) throws Exception {
    return demo.list("/1/nodes").stream()
        .filter(n -> n.get("name").equals(name))
        .findFirst()
        .orElseThrow();
  }

  private List<String> scheduled() throws Exception {
    return ((List<?>) ((Map<?, ?>) demo.get("/1/maintenance/schedule")).get("windows"))
        .stream()
            .map(w -> ((Map<?, ?>) ((List<?>) ((Map<?, ?>) w).get("machine_ids")).get(0)))
            .map(m -> (String) m.get("hostname"))
            .sorted()
            .toList();
  }

  private static void awaitTrue(String what, Callable<Boolean> condition) {
    await(what)
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(500))
        .until(condition);
  }
}
