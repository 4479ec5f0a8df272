package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.config.ConfigException;
import org.maintd.generate.ClusterSpec;

/**
 * {@code sim.generate}: off unless given, a spec read with every key, a bad spec refused with the
 * key and each bad part, and never together with {@code sim.cluster}.
 */
class SimSectionTest {

  private static DaemonConfig bind(Map<String, Object> sim) {
    return new DaemonConfigLoader().bind("test.yaml", Map.of("sim", sim));
  }

  private static List<String> problems(Map<String, Object> sim) {
    return assertThrows(ConfigException.class, () -> bind(sim)).problems();
  }

  @Test
  void isOffUnlessGiven() {
    assertEquals(Optional.empty(), bind(Map.of()).sim().generate());
    assertEquals(Optional.empty(), bind(Map.of("generate", "")).sim().generate());
  }

  @Test
  void readsTheSpec() {
    assertEquals(
        Optional.of(new ClusterSpec(10000, 100000, 100, 1)),
        bind(Map.of("generate", "nodes=10000,instances=100000,groups=100,seed=1"))
            .sim()
            .generate());
    assertEquals(
        Optional.of(ClusterSpec.ofNodes(300)),
        bind(Map.of("generate", "nodes=300")).sim().generate());
  }

  @Test
  void refusesABadSpecNamingTheKeyAndEachBadPart() {
    List<String> p = problems(Map.of("generate", "nodes=10000,instance=5,groups=0"));
    assertEquals(1, p.size(), p.toString());
    assertTrue(p.get(0).startsWith("sim.generate: "), p.toString());
    assertTrue(p.get(0).contains("'instance=5': unknown key"), p.toString());
    assertTrue(p.get(0).contains("'groups=0': groups must be 1 to 10000"), p.toString());
  }

  @Test
  void refusesAClusterFileAndASpecTogether() {
    List<String> p =
        problems(Map.of("generate", "nodes=100", "cluster", "/etc/maintd/demo/cluster.data"));
    assertEquals(
        List.of(
            "sim.generate: cannot be given with sim.cluster: the simulated cluster is either read"
                + " from a file (sim.cluster) or generated (sim.generate), remove one of them"),
        p);
  }
}
