package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;

/**
 * The consent commands of {@code maintenance.consent.directory} asked by a running daemon: n2 is
 * scheduled to start its window in an hour, so it drains now; the command declines db1 (a backup
 * runs) and accepts the others. Every other instance leaves n2, db1 stays until the window starts,
 * and {@code /1/maintenance/status} shows each answer with the command that gave it.
 */
class ConsentEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  private Path commands() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("consent-commands"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path f = dir.resolve("10-backups");
    Files.writeString(
        f,
        String.join(
            "\n",
            "#!/bin/sh",
            "in=$(cat)",
            "echo \"$in\" >> " + tmp.resolve("asked"),
            "case \"$in\" in",
            "  *'\"instance\":\"db1\"'*)",
            "    echo '{\"consent\": \"decline\", \"reason\": \"backup running\","
                + " \"retry_after\": \"1h\"}' ;;",
            "  *) echo '{\"consent\": \"accept\"}' ;;",
            "esac",
            ""));
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  @Test
  void aDeclinedInstanceStaysWhileTheOthersLeaveTheDrainingNode() throws Exception {
    cluster = new TestCluster(tmp);
    Maintenance d = Maintenance.defaults();
    cluster.maintenance =
        new Maintenance(
            d.drainAhead(),
            new Maintenance.Consent(commands(), Duration.ofSeconds(10)),
            d.allowedHours(),
            d.alertInterlock());
    cluster.startDaemon();
    String url = "http://127.0.0.1:" + cluster.port();
    Instant start = Instant.now().plus(Duration.ofMinutes(50));
    MaintctlRun add =
        MaintctlRun.of(url, cluster.keyFile, "schedule", "add", "n2", "--start", start.toString());
    assertEquals(0, add.code(), add.err());

    await("every instance but db1 off n2, db1 declined")
        .atMost(Duration.ofSeconds(60))
        .until(() -> statuses().size() == 1 && "DECLINE".equals(statuses().get(0).get("status")));
    Map<?, ?> db1 = statuses().get(0);
    assertEquals("db1", db1.get("instance"));
    assertEquals("backup running", db1.get("reason"));
    assertEquals("command 10-backups", db1.get("source"));
    assertTrue(db1.get("retry_after") instanceof Map<?, ?>, "when it is asked again: " + db1);
    assertEquals("n2", primaryOf("db1"));
    assertEquals("n3", primaryOf("web1"), "web1 failed over to its secondary");
    assertEquals("DRAIN", cluster.node("n2").get("mode"));

    String asked = Files.readString(tmp.resolve("asked"));
    assertTrue(asked.contains("\"node\":\"n2\""), asked);
    assertTrue(asked.contains("\"auto\":false"), "the window on stdin: " + asked);
  }

  private Object primaryOf(String instance) throws Exception {
    return ((List<?>) cluster.get("/1/instances"))
        .stream()
            .map(i -> (Map<?, ?>) i)
            .filter(i -> i.get("name").equals(instance))
            .findFirst()
            .orElseThrow()
            .get("primary_node");
  }

  private List<Map<?, ?>> statuses() throws Exception {
    Map<?, ?> status = (Map<?, ?>) cluster.get("/1/maintenance/status");
    List<?> draining = (List<?>) status.get("draining_machines");
    if (draining.isEmpty()) {
      return List.of();
    }
    return ((List<?>) ((Map<?, ?>) draining.get(0)).get("statuses"))
        .stream().<Map<?, ?>>map(s -> (Map<?, ?>) s).toList();
  }
}
