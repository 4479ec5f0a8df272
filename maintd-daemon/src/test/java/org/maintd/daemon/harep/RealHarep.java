package org.maintd.daemon.harep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maintd.cluster.Cluster;
import org.maintd.harep.HarepOwner;
import org.maintd.plan.PlanItem;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.GanetiTools;

/**
 * Runs Ganeti's own {@code harep --dry-run} on a cluster served through a {@link FakeLuxi} socket,
 * and reads what it and maintd's planner decide per instance, in the same words: {@code repair
 * TYPE}, {@code enoperm TYPE}, {@code not repaired} (suspended); for maintd also {@code repair
 * TYPE, waits} when the repair is decided but waits for room or a busy node.
 */
final class RealHarep {
  static final Path HAREP = Path.of("/usr/lib/ganeti/3.0/usr/bin/harep");

  /** What harep printed, and the LUXI methods it called. */
  record Run(String out, List<String> methods) {}

  private RealHarep() {}

  static Run run(Cluster cluster, Path dir) throws IOException, InterruptedException {
    GanetiTools.require(HAREP);
    Path socket = dir.resolve("luxi.sock");
    try (FakeLuxi luxi = new FakeLuxi(cluster, socket)) {
      Process p =
          new ProcessBuilder(HAREP.toString(), "--dry-run", "--luxi=" + socket)
              .redirectErrorStream(true)
              .start();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "harep did not finish");
      String out = new String(p.getInputStream().readAllBytes());
      assertEquals(0, p.exitValue(), out);
      synchronized (luxi.methods) {
        return new Run(out, List.copyOf(luxi.methods));
      }
    }
  }

  /** harep's decisions per instance, from its output. */
  static Map<String, String> decisions(String out) {
    Map<String, String> harep = new TreeMap<>();
    Matcher executing = Pattern.compile("Executing Ar(\\w+) repair on (\\S+)").matcher(out);
    while (executing.find()) {
      harep.put(executing.group(2), "repair " + wire(executing.group(1)));
    }
    Matcher enoperm =
        Pattern.compile("Not performing a repair of type Ar(\\w+) on (\\S+) because").matcher(out);
    while (enoperm.find()) {
      harep.put(enoperm.group(2), "enoperm " + wire(enoperm.group(1)));
    }
    Matcher refused =
        Pattern.compile("Not repairing (\\S+) because it's in state ArSuspended").matcher(out);
    while (refused.find()) {
      harep.put(refused.group(1), "not repaired");
    }
    return harep;
  }

  /** maintd's decisions per instance, from one round's plan of {@code cluster}. */
  static Map<String, String> maintd(Cluster cluster, Instant now) {
    RoundPlan plan =
        new RoundPlanner(SafetyCaps.defaults(), true).plan(cluster, List.of(), List.of(), 1, now);
    Map<String, String> maintd = new TreeMap<>();
    for (var job : plan.jobs()) {
      HarepOwner owner = HarepOwner.parse(job.owner()).orElseThrow();
      maintd.put(owner.instance(), "repair " + owner.type().wireName());
    }
    Pattern needs = Pattern.compile("needs ([a-z-]+); (waits|not repaired)");
    for (PlanItem item : plan.items()) {
      String next = item.next().text();
      Matcher m = needs.matcher(next);
      if (next.contains("(enoperm)") && m.find()) {
        maintd.put(item.id(), "enoperm " + m.group(1));
      } else if (next.contains("auto-repair is suspended")) {
        maintd.put(item.id(), "not repaired");
      } else if (m.find() && m.group(2).equals("waits")) {
        maintd.put(item.id(), "repair " + m.group(1) + ", waits");
      }
    }
    return maintd;
  }

  private static String wire(String haskellName) {
    return haskellName.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase();
  }
}
