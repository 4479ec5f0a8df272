package org.maintd.daemon.harep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairState;
import org.maintd.harep.RepairTag;
import org.maintd.harep.RepairType;
import org.maintd.htools.HtoolsReader;

/**
 * Ganeti's own {@code harep} (Debian's ganeti-htools-3.0) as the oracle: it reads, through a LUXI
 * socket, a cluster carrying the tags maintd writes, without error; it finds each instance in the
 * state maintd finds it in; on the same cluster it decides the same repairs, the same {@code
 * enoperm}s and the same refusals as maintd's planner; and, disk template by disk template, each
 * broken case either gets the same repair from both or differs in one of the ways maintd means to.
 */
class RealHarepOracleTest {
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
            "",
            P + "fix-storage",
            "",
            "");
    return new HtoolsReader().read(text + "\n", "oracle");
  }

  @Test
  void harepReadsMaintdsTagsAndDecidesAsMaintdDoes() throws Exception {
    Cluster cluster = cluster();
    RealHarep.Run run = RealHarep.run(cluster, tmp);
    String out = run.out();
    assertTrue(
        run.methods().contains("QueryJobs"),
        "harep checked the pending repair's job: " + run.methods());
    Map<String, String> maintd = RealHarep.maintd(cluster, NOW);
    Map<String, String> harep = RealHarep.decisions(out);
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

  /**
   * One instance {@code i} of {@code template} on n2 (secondary n3 for DRBD), the nodes listed made
   * offline or drained; every repair allowed cluster-wide.
   */
  private static Cluster broken(String template, String offline, String drained) {
    String secondary = template.equals("drbd") ? "n3" : "";
    String text =
        String.join(
            "\n",
            "default|g-uuid|preferred||",
            "",
            "n1|16384|1024|15360|200000|200000|8|M|g-uuid|1||N|0|8|1.0",
            "n2|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "n3|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "n4|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "n5|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "",
            "i|1024|10000|1|running|Y|n2|" + secondary + "|" + template + "||1|-|N",
            "",
            P + "reinstall",
            "",
            "");
    Cluster c = new HtoolsReader().read(text + "\n", "oracle");
    for (String n : offline.isEmpty() ? new String[0] : offline.split(",")) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withOffline(true)));
    }
    for (String n : drained.isEmpty() ? new String[0] : drained.split(",")) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
    }
    return c;
  }

  @ParameterizedTest(name = "{0}, offline {1}, drained {2}: {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "drbd       | n3    | ''    | repair fix-storage",
        "drbd       | n2    | ''    | repair failover",
        "drbd       | n2,n3 | ''    | repair reinstall",
        "plain      | n2    | ''    | repair reinstall",
        "diskless   | n2    | ''    | ''",
        "file       | ''    | n2    | ''",
        // A drained DRBD secondary, its primary fine: harep 3.0 sees the drained node as offline
        // (the htools do) and replaces it; maintd replaces it as well.
        "drbd       | ''    | n3    | repair fix-storage"
      })
  void onEachTemplateMaintdDecidesAsHarepDoes(
      String template, String offline, String drained, String decision) throws Exception {
    Cluster cluster = broken(template, offline, drained);
    String out = RealHarep.run(cluster, tmp).out();
    assertEquals(decision, RealHarep.decisions(out).getOrDefault("i", ""), out);
    assertEquals(decision, RealHarep.maintd(cluster, NOW).getOrDefault("i", ""), out);
  }

  /**
   * Where maintd decides otherwise than harep 3.0, on purpose. harep repairs DRBD and plain
   * instances only, so shared storage and file instances get the repairs of Ganeti's auto-repair
   * design from maintd and none from harep. And harep takes a drained node for an offline one,
   * where maintd leaves a drained node's instances live: a DRBD instance on a drained primary is
   * migrated, not failed over, and nothing is reinstalled because a node is merely drained.
   */
  @ParameterizedTest(name = "{0}, offline {1}, drained {2}: harep {3}, maintd {4}")
  @CsvSource(
      delimiter = '|',
      value = {
        "sharedfile | n2    | ''    | ''               | repair failover",
        "blockdev   | n2    | ''    | ''               | repair failover",
        "rbd        | n2    | ''    | ''               | repair failover",
        "ext        | n2    | ''    | ''               | repair failover",
        "gluster    | n2    | ''    | ''               | repair failover",
        "sharedfile | ''    | n2    | ''               | repair migrate",
        "blockdev   | ''    | n2    | ''               | repair migrate",
        "rbd        | ''    | n2    | ''               | repair migrate",
        "ext        | ''    | n2    | ''               | repair migrate",
        "gluster    | ''    | n2    | ''               | repair migrate",
        "file       | n2    | ''    | ''               | repair reinstall",
        "drbd       | ''    | n2    | repair failover  | repair migrate",
        "plain      | ''    | n2    | repair reinstall | ''",
        "drbd       | ''    | n2,n3 | repair reinstall | ''",
        "drbd       | n3    | n2    | repair reinstall | repair fix-storage",
        "drbd       | n2    | n3    | repair reinstall | repair failover, waits"
      })
  void whereMaintdDecidesOtherwiseThanHarepItIsOnPurpose(
      String template, String offline, String drained, String harep, String maintd)
      throws Exception {
    Cluster cluster = broken(template, offline, drained);
    String out = RealHarep.run(cluster, tmp).out();
    assertEquals(harep, RealHarep.decisions(out).getOrDefault("i", ""), out);
    assertEquals(maintd, RealHarep.maintd(cluster, NOW).getOrDefault("i", ""), out);
  }
}
