package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.health.HealthSettings;

/**
 * Instance health on a real Ganeti 3.0 cluster (the sandbox): a running instance whose run file its
 * primary node's fake hypervisor loses (as if it crashed) is ERROR_down to Ganeti, and maintd
 * starts it again through RAPI's startup, with the watcher's reason in the job's reason trail. (The
 * sandbox's instances are diskless, file and sharedfile: there is no DRBD secondary whose disks a
 * reboot would leave to activate.)
 */
class GanetiInstanceHealthIT {
  private static final String NODE = "node1.gnt.test";

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  Daemon daemon;
  String instance;
  String primary;

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    String[] running =
        sandbox
            .onMaster(
                "gnt-instance", "list", "--no-headers", "-o", "name,pnode,status", "--separator=|")
            .lines()
            .map(l -> l.strip().split("\\|"))
            .filter(f -> f.length == 3 && f[2].equals("running"))
            .findFirst()
            .orElse(new String[] {"", "", ""});
    instance = running[0];
    primary = running[1];
    Sandbox.require(!instance.isEmpty(), "no running instance in the sandbox");
  }

  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (sandbox != null && !instance.isEmpty() && !status().equals("running")) {
      sandbox.onMaster("gnt-instance", "startup", instance);
    }
  }

  private String status() throws Exception {
    return sandbox
        .onMaster("gnt-instance", "list", "--no-headers", "-o", "status", instance)
        .strip();
  }

  @Test
  void anErrorDownInstanceIsStartedAgainThroughRapiWithTheWatchersReason() throws Exception {
    long firstJob = sandbox.nextJobId();
    sandbox.onNode(primary, "rm", "/var/run/ganeti/fake-hypervisor/" + instance);
    assertEquals("ERROR_down", status(), "the fake hypervisor no longer runs it");
    daemon =
        new Daemon(
            sandbox.daemon(dir, NODE, credentials).withInstanceHealth(HealthSettings.on()),
            Clock.systemUTC());
    daemon.start(true);
    await("maintd starts " + instance + " again")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> status().equals("running"));
    assertEquals(
        1,
        sandbox.jobsWithReason(
            credentials, firstJob, "Restarting instance " + instance + " (attempt #1 of 5)"));
  }
}
