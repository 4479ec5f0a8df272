package org.maintd.daemon.harep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.testing.GanetiTools;
import org.maintd.harep.HarepOwner;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairState;
import org.maintd.harep.RepairTag;
import org.maintd.harep.RepairType;
import org.maintd.htools.HtoolsReader;
import org.maintd.plan.PlanItem;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;
import org.maintd.safety.SafetyCaps;

/**
 * Ganeti's own {@code harep} (Debian's ganeti-htools-3.0) as the oracle: it reads, through a LUXI
 * socket, a cluster carrying the tags maintd writes, without error; it finds each instance in the
 * state maintd finds it in; and on the same cluster it decides the same repairs, the same {@code
 * enoperm}s and the same refusals as maintd's planner.
 */
class RealHarepOracleTest {
  private static final Path HAREP = Path.of("/usr/lib/ganeti/3.0/usr/bin/harep");
  private static final String P = "ganeti:watcher:autorepair:";
  private static final Instant NOW = Instant.now();

  @TempDir Path tmp;

  private static Cluster cluster() {
    long t = NOW.getEpochSecond() - 3600;
    String enoperm =
        new RepairTag(
                RepairType.FAILOVER,
                "1b4e28ba-2fa1-11d2-883f-0016d3cca427",
                t,
                Optional.of(RepairResult.ENOPERM),
                List.of())
            .text();
    String success =
        RepairTag.pending(
                RepairType.FIX_STORAGE,
                "6fa459ea-ee8a-3ca4-894e-db77e160355e",
                t - 60,
                List.of("17"))
            .ended(RepairResult.SUCCESS, t)
            .text();
    String failure =
        RepairTag.pending(
                RepairType.FAILOVER,
                "16fd2706-8baf-433b-82eb-8c7fada847da",
                t - 60,
                List.of("18", "19"))
            .ended(RepairResult.FAILURE, t)
            .text();
    String pending =
        RepairTag.pending(
                RepairType.FIX_STORAGE, "886313e1-3b8a-5372-9b90-0c9aee199e5d", t, List.of("42"))
            .text();
    String text =
        String.join(
            "\n",
            "default|g-uuid|preferred||",
            "",
            "n1|16384|1024|15360|200000|200000|8|M|g-uuid|1||N|0|8|1.0",
            "n2|16384|1024|8192|200000|100000|8|N|g-uuid|1||N|0|8|1.0",
            "n3|16384|1024|8192|200000|100000|8|Y|g-uuid|1||N|0|8|1.0",
            "n4|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "n5|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "",
            "web|1024|10000|1|running|Y|n2|n3|drbd||1|-|N",
            "app|1024|10000|1|running|Y|n3|n2|drbd||1|-|N",
            "db|1024|10000|1|running|Y|n3||plain||1|-|N",
            "susp|1024|10000|1|running|Y|n2|n3|drbd|"
                + P
                + "suspend:"
                + (NOW.getEpochSecond() + 86400)
                + "|1|-|N",
            "enop|1024|10000|1|running|Y|n3|n2|drbd|" + enoperm + "|1|-|N",
            "old|1024|10000|1|running|Y|n4|n5|drbd|" + success + "|1|-|N",
            "bad|1024|10000|1|running|Y|n4|n5|drbd|" + failure + "|1|-|N",
            "pend|1024|10000|1|running|Y|n5|n4|drbd|" + pending + "|1|-|N",
            "files|1024|0|1|running|Y|n3||sharedfile||1|-|N",
            "",
            P + "fix-storage",
            "",
            "");
    return new HtoolsReader().read(text + "\n", "oracle");
  }

  @Test
  void harepReadsMaintdsTagsAndDecidesAsMaintdDoes() throws Exception {
    GanetiTools.require(HAREP);
    Cluster cluster = cluster();
    Path socket = tmp.resolve("luxi.sock");
    String out;
    try (FakeLuxi luxi = new FakeLuxi(cluster, socket)) {
      Process p =
          new ProcessBuilder(HAREP.toString(), "--dry-run", "--luxi=" + socket)
              .redirectErrorStream(true)
              .start();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "harep did not finish");
      out = new String(p.getInputStream().readAllBytes());
      assertEquals(0, p.exitValue(), out);
      assertTrue(
          luxi.methods.contains("QueryJobs"),
          "harep checked the pending repair's job: " + luxi.methods);
    }

    RoundPlan plan =
        new RoundPlanner(SafetyCaps.defaults(), true).plan(cluster, List.of(), List.of(), 1, NOW);
    Map<String, String> maintd = new TreeMap<>();
    for (var job : plan.jobs()) {
      HarepOwner owner = HarepOwner.parse(job.owner()).orElseThrow();
      maintd.put(owner.instance(), "repair " + owner.type().wireName());
    }
    for (PlanItem item : plan.items()) {
      if (item.next().contains("(enoperm)")) {
        Matcher m = Pattern.compile("needs ([a-z-]+);").matcher(item.next());
        assertTrue(m.find(), item.next());
        maintd.put(item.id(), "enoperm " + m.group(1));
      } else if (item.next().contains("auto-repair is suspended")) {
        maintd.put(item.id(), "not repaired");
      }
    }
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
    assertEquals(
        Map.of(
            "web",
            "repair fix-storage",
            "app",
            "enoperm failover",
            "db",
            "enoperm reinstall",
            "enop",
            "enoperm failover",
            "susp",
            "not repaired"),
        harep,
        out);
    assertEquals(harep, maintd, "maintd decides as harep does; harep said:\n" + out);

    // harep's closing count of states (after its own decisions) is what maintd's reading of the
    // tags and its plan give.
    Map<String, Integer> expected = new TreeMap<>();
    for (var inst : cluster.instances()) {
      RepairState state = RepairState.of(inst.name(), inst.tags());
      String name =
          state instanceof RepairState.Pending
              ? "Pending repair"
              : state instanceof RepairState.Failed ? "Failure" : "Healthy";
      String decided = maintd.getOrDefault(inst.name(), "");
      name =
          decided.startsWith("repair")
              ? "Pending repair"
              : decided.startsWith("enoperm") ? "Needs repair" : name;
      expected.merge(name, 1, Integer::sum);
    }
    Map<String, Integer> counted = new TreeMap<>();
    Matcher count =
        Pattern.compile("(?m)^(Healthy|Failure|Pending repair|Needs repair): (\\d+)$").matcher(out);
    while (count.find()) {
      counted.put(count.group(1), Integer.parseInt(count.group(2)));
    }
    assertEquals(expected, counted, out);
  }

  private static String wire(String haskellName) {
    return haskellName.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase();
  }
}
