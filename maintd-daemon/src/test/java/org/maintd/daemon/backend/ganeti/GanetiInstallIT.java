package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.install.Installer;
import org.maintd.protocol.json.Json;

/**
 * scripts/install --ganeti on the sandbox's master, and the daemon started as its installed unit
 * says. The nodes are namespaces of this machine and share its /, whose users and services an
 * installation in a test must not change: the installation goes into a prefix that stands for the
 * master's root, holding a copy of its user database, and scripts/sandbox/run-installed.sh starts
 * maintd.service's ExecStart= as its User=, with the groups of the drop-in ganeti.conf, inside the
 * master's namespaces where the prefix's files lie over the master's own (systemd does not run
 * here). The daemon must lead, and maintctl answer through the installed launcher. About 40 s.
 */
class GanetiInstallIT {
  private static final Path RUN_INSTALLED =
      Installer.TOP.resolve("scripts/sandbox/run-installed.sh");

  @TempDir Path dir;

  /** The master's namespaces as a command prefix. */
  private static List<String> onMaster(Sandbox sandbox, String... command) {
    List<String> full = new ArrayList<>(List.of(sandbox.env.get("GANETI_ON_NODE1").split(" ")));
    full.addAll(List.of(command));
    return full;
  }

  @Test
  void theInstalledUnitsDaemonLeadsTheClusterAndMaintctlAnswersThroughItsLauncher()
      throws Exception {
    Sandbox sandbox = Sandbox.load();
    Path credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("etc"));
    for (String accounts : List.of("passwd", "group", "shadow", "gshadow")) {
      Files.copy(
          Path.of("/etc", accounts),
          root.resolve("etc/" + accounts),
          StandardCopyOption.COPY_ATTRIBUTES);
    }
    String[] install = {
      "bash",
      Installer.TOP.resolve("scripts/install").toString(),
      "--prefix",
      root.toString(),
      "--ganeti",
      "--rapi-credentials",
      credentials.toString()
    };
    String installed = sandbox.onMaster(install);
    assertTrue(
        installed.contains(
            "installed " + root + "/etc/systemd/system/maintd.service.d/ganeti.conf"),
        installed);
    String config = Files.readString(root.resolve("etc/maintd/maintd.yaml"));
    for (String filled :
        List.of(
            "backend: ganeti",
            "hmacKeyFile: /var/lib/ganeti/hmac.key",
            "hmacKeyGroup: gnt-masterd",
            "  rapiUrl: https://cluster.gnt.test:5080",
            "  urlTemplate: \"http://{node}:1817\"")) {
      assertTrue(config.contains("\n" + filled + "\n"), filled + " not in\n" + config);
    }
    assertTrue(
        Files.readString(root.resolve("etc/maintd/maintd-collector.yaml"))
            .contains("\nport: 1817\n"));
    assertTrue(sandbox.onMaster(install).endsWith(" as this checkout has it\n"));

    Path log = dir.resolve("daemon.log");
    Process daemon =
        new ProcessBuilder(
                onMaster(
                    sandbox, RUN_INSTALLED.toString(), root.toString(), "--unit", "maintd.service"))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      await()
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofSeconds(2))
          .until(() -> leads(sandbox, root, daemon, log));
      String[] uid = Installer.entry(root.resolve("etc/passwd"), "maintd").orElseThrow();
      String gid = Installer.entry(root.resolve("etc/group"), "gnt-masterd").orElseThrow()[2];
      String process = Files.readString(Path.of("/proc/" + daemon.pid() + "/status"));
      assertTrue(process.contains("\nUid:\t" + uid[2] + "\t"), process);
      assertTrue(process.matches("(?s).*\nGroups:\t([0-9 ]* )?" + gid + "( .*)?\n.*"), process);
      String status = sandbox.onMaster(maintctl(root, "status"));
      assertEquals("no incidents\n", status);
    } finally {
      daemon.destroy();
      assertTrue(daemon.waitFor(60, TimeUnit.SECONDS), "the daemon did not stop");
    }
  }

  private static String[] maintctl(Path root, String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(RUN_INSTALLED.toString(), root.toString(), "--", "/usr/bin/maintctl"));
    command.addAll(List.of(args));
    return command.toArray(String[]::new);
  }

  /** Whether the daemon says, through the installed maintctl, that it leads. */
  private static boolean leads(Sandbox sandbox, Path root, Process daemon, Path log)
      throws IOException, InterruptedException {
    assertTrue(daemon.isAlive(), "the daemon stopped:\n" + Files.readString(log));
    String health;
    try {
      health = sandbox.onMaster(maintctl(root, "-o", "json", "health"));
    } catch (AssertionError notYet) {
      return false;
    }
    return Boolean.TRUE.equals(((Map<?, ?>) Json.parse(health)).get("leader"));
  }
}
