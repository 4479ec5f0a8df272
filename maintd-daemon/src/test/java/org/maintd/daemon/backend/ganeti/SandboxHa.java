package org.maintd.daemon.backend.ganeti;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Daemons as processes over the sandbox, their state and leadership in ZooKeeper: the configuration
 * of each, and maintd's jobs as Ganeti's own queue lists them. Stateless.
 */
final class SandboxHa {
  static final List<String> NODES = List.of("node1.gnt.test", "node2.gnt.test", "node3.gnt.test");
  private static final Pattern KEY = Pattern.compile("\\[([^\\]]+)\\]$");

  private SandboxHa() {}

  /**
   * Writes the configuration of daemon {@code i} on node {@code i+1}, serving on {@code port},
   * reaching ZooKeeper at {@code connect} (session and fence of 3 s) with the credentials in {@code
   * dir}, and the sandbox's RAPI with {@code credentials}.
   */
  static Path config(Sandbox sandbox, Path dir, int i, int port, String connect, Path credentials)
      throws IOException {
    StringBuilder y = new StringBuilder();
    y.append("node: ").append(NODES.get(i)).append('\n');
    y.append("bind: 127.0.0.1\nport: ").append(port).append('\n');
    y.append("stateDir: ").append(dir.resolve("state-" + i)).append('\n');
    y.append("backend: ganeti\n");
    y.append("hmacKeyFile: ").append(sandbox.env.get("GANETI_HMAC_KEY")).append('\n');
    y.append("hmacKeyGroup: gnt-masterd\n");
    y.append("usersFile: ").append(dir.resolve("users")).append('\n');
    y.append("pollInterval: 500ms\nstormThreshold: 50%\n");
    // never Ganeti's power-cycle: on the sandbox it resets this whole machine
    y.append("nodeCommands:\n  reboot: collector\n  masterFailover: collector\n");
    y.append("store: zookeeper\nleadership: zookeeper\nzookeeper:\n");
    y.append("  connect: ").append(connect).append('\n');
    y.append("  sessionTimeout: 3s\n  fenceWait: 3s\n");
    y.append("  credentialsFile: ")
        .append(org.maintd.daemon.testing.ZooKeeperCredentials.in(dir))
        .append('\n');
    y.append("ganeti:\n  rapiUrl: ").append(sandbox.env.get("GANETI_RAPI_URL")).append('\n');
    y.append("  certificate: ").append(sandbox.env.get("GANETI_RAPI_CERT")).append('\n');
    y.append("  credentials: ").append(credentials).append('\n');
    y.append("collector:\n  timeout: 5s\n  repairTimeout: 120s\n  urls:\n");
    for (String n : NODES) {
      y.append("    ")
          .append(n)
          .append(": ")
          .append(sandbox.env.get("GANETI_COLLECTOR_URL_" + n.substring(0, n.indexOf('.'))))
          .append('\n');
    }
    Path file = dir.resolve("maintd-" + i + ".yaml");
    Files.writeString(file, y.toString());
    return file;
  }

  /** Every maintd job in Ganeti's queue (RAPI /2/jobs) as its key and its operations' summary. */
  static List<String> jobs(Sandbox sandbox, Path credentials) {
    List<String> jobs = new ArrayList<>();
    try (RapiClient rapi = new RapiClient(sandbox.rapi(credentials))) {
      for (Object o : (List<?>) rapi.get("/2/jobs?bulk=1")) {
        Map<?, ?> job = (Map<?, ?>) o;
        String reason = GanetiJob.reason(job, org.maintd.job.ReasonTrail.SOURCE).orElse("");
        Matcher m = KEY.matcher(reason);
        if (m.find()) {
          jobs.add(m.group(1) + " " + job.get("summary"));
        }
      }
    }
    return jobs;
  }
}
