package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;

/**
 * The instances' load as hbal weighs it, on Ganeti's {@code hbal-dyn.data} (node-01-000 holds four
 * instances of one vCPU, node-01-001 two of two, each node has one CPU for itself): the figures are
 * hbal's own (its {@code -p} columns and scores, Ganeti 3.0.2).
 */
class LoadTest {
  private static Cluster dyn;
  private static String group;

  @BeforeAll
  static void read() throws Exception {
    Path file = Path.of(LoadTest.class.getResource("/htools/hbal-dyn.data").toURI());
    dyn = new HtoolsReader().read(Files.readString(file), "hbal-dyn.data");
    group = dyn.groups().get(0).uuid();
  }

  private static Load nodeCpu(double a, double b) {
    return Load.none().withCpu(new Load.NodeCpu(Map.of("node-01-000", a, "node-01-001", b)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "every instance weighs one of each, 4.0",
    "nothing weighs anything, 0.0",
    "the nodes' CPU totals replace the CPU load, 3.3",
    "a utilisation file weighs one instance more, 5.1",
    "with both the CPU totals win the CPU part, 5.3"
  })
  void theScoreIsHbals(String what, double expected) {
    Map<String, Utilisation> heavy =
        Map.of("inst-00", new Utilisation(0.1, 5, 1, 1), "inst-01", new Utilisation(0.1, 1, 1, 1));
    Map<String, Utilisation> all = new java.util.HashMap<>(heavy);
    for (String i : List.of("inst-02", "inst-03", "inst-10", "inst-11")) {
      all.put(i, new Utilisation(0.1, 1, 1, 1));
    }
    Load load =
        switch (what) {
          case "every instance weighs one of each" -> Load.none();
          case "nothing weighs anything" -> new Load(true, all, new Load.NodeCpu(Map.of()));
          case "the nodes' CPU totals replace the CPU load" -> nodeCpu(0.8, 0.2);
          case "a utilisation file weighs one instance more" ->
              new Load(false, all, new Load.NoCpu());
          default -> new Load(false, all, nodeCpu(0.8, 0.2).cpu());
        };
    assertEquals(expected, new ClusterScore().score(dyn, group, load), 1e-9, what);
  }

  @Test
  void aNodesCpuTotalIsSpreadOverItsPrimariesByVcpusAndTheNodeKeepsItsOwnShare() {
    BalanceResult r =
        new Balancer(dyn, group, BalanceOptions.hbal(), nodeCpu(0.8, 0.2)).balance(-1);
    assertEquals(3.3, r.initialScore(), 1e-9);
    assertEquals(List.of("inst-00"), r.moves().stream().map(BalanceMove::instance).toList());
    assertEquals(0.17264811, r.finalScore(), 1e-8, "lCpu 0.640 and 0.360: inst-00 took 0.8 / 5");
  }

  @Test
  void xensFiguresAreTheInstancesCpuLoadAndANodesIsTheirSum() {
    Map<String, Double> a = Map.of("inst-00", 0.5, "inst-01", 0.1, "inst-02", 0.1, "inst-03", 0.1);
    Map<String, Double> b = Map.of("inst-10", 0.1, "inst-11", 0.1);
    Load xen =
        Load.none().withCpu(new Load.InstanceCpu(Map.of("node-01-000", a, "node-01-001", b)));
    Load.Checked checked = xen.on(dyn);
    assertTrue(checked.complete(), checked.warnings().toString());
    assertEquals(
        0.3 + 3.0,
        new ClusterScore().score(dyn, group, xen),
        1e-9,
        "CPU 0.8 against 0.2: a spread of 0.3; memory, disk and network 4 against 2");
  }

  @Test
  void aCpuMeasureThatNotEveryNodeAnsweredIsLeftOutWithHbalsWarning() {
    Load half = Load.none().withCpu(new Load.NodeCpu(Map.of("node-01-000", 0.8)));
    Load.Checked checked = half.on(dyn);
    assertFalse(checked.complete());
    assertEquals(
        List.of("Didn't receive an answer by all MonDs, cpu-avg-load's data will be ignored."),
        checked.warnings());
    assertEquals(new Load.NoCpu(), checked.load().cpu());
    assertEquals(4.0, new ClusterScore().score(dyn, group, half), 1e-9);
  }

  @Test
  void xensMeasureWithoutEveryInstanceIsLeftOutNamingThoseMissing() {
    Load xen =
        Load.none()
            .withCpu(
                new Load.InstanceCpu(
                    Map.of("node-01-000", Map.of("inst-00", 1.0), "node-01-001", Map.of())));
    assertEquals(
        List.of(
            "No CPU information available for"
                + " [\"inst-01\",\"inst-02\",\"inst-03\",\"inst-10\",\"inst-11\"]"),
        xen.on(dyn).warnings());
    Load noAnswer =
        Load.none().withCpu(new Load.InstanceCpu(Map.of("node-01-000", Map.of("inst-00", 1.0))));
    assertEquals(
        List.of("Didn't receive an answer by all MonDs, xen-cpu-avg-load's data will be ignored."),
        noAnswer.on(dyn).warnings());
  }

  @Test
  void ignoringTheLoadLeavesOutEveryMeasure() {
    Load ignored = new Load(true, Map.of("inst-00", Utilisation.BASE), new Load.NodeCpu(Map.of()));
    Load.Checked checked = ignored.on(dyn);
    assertTrue(checked.complete());
    assertEquals(new Load.NoCpu(), checked.load().cpu());
    assertEquals(Utilisation.ZERO, checked.load().of("inst-00"));
  }

  @Test
  void aUtilisationMustBeFourNumbers() {
    assertThrows(IllegalArgumentException.class, () -> new Utilisation(Double.NaN, 1, 1, 1));
    assertThrows(
        IllegalArgumentException.class, () -> new Utilisation(1, 1, Double.POSITIVE_INFINITY, 1));
    assertEquals(new Utilisation(3, 1, 1, 1), Utilisation.BASE.withCpu(3));
  }
}
