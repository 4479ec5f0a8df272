package org.maintd.rapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.htools.HtoolsPolicies;
import org.maintd.htools.HtoolsWriter;
import org.maintd.testing.GanetiTools;
import org.maintd.testing.Resources;

/**
 * The RAPI answers read as Ganeti's {@code hroller -m} reads them. The oracle is hroller itself:
 * {@code rapi/hroller-saved/DIR-MEM.original} is what Ganeti 3.0's {@code hroller -m file://DIR -S
 * DIR-MEM --static-kvm-node-memory=MEM --ignore-non-redundant} saved, and the second test checks
 * that it still does where hroller is installed (as in CI). {@code rapi/testsuite} is Ganeti's own
 * RAPI test data (Xen), {@code rapi/sandbox} a real Ganeti 3.0 cluster's (diskless and file
 * instances), {@code rapi/edges} Ganeti's test data changed at each boundary the loader decides: on
 * KVM, node1 offline, node2 not vm_capable with two spindles, node3 drained with exclusive storage
 * (12 spindles, 7 free, 2 CPUs for its OS), instance2 running with oper_ram 512 of 128 configured,
 * instance9 running with no oper_ram (maxmem 256), instance13 with memory 1024 and maxmem 2048,
 * instance3 with disks of 2 and 3 spindles. About 0.1 s without hroller, 1 s with it.
 */
class HtoolsRapiLoaderTest {
  private static final Path HROLLER = Path.of("/usr/lib/ganeti/3.0/usr/bin/hroller");

  private final HtoolsRapiLoader loader = new HtoolsRapiLoader();

  static RapiAnswers answers(String dir) {
    return new RapiAnswers(
        Resources.json("rapi/" + dir + "/info.json"),
        Resources.json("rapi/" + dir + "/groups.json"),
        Resources.json("rapi/" + dir + "/nodes.json"),
        Resources.json("rapi/" + dir + "/instances.json"));
  }

  private String saved(Cluster c) {
    return new HtoolsWriter().write(HtoolsPolicies.complete(c));
  }

  @ParameterizedTest(name = "{0} --static-kvm-node-memory={1}")
  @CsvSource({"testsuite, 4096", "sandbox, 4096", "edges, 4096", "edges, 0", "edges, 2048"})
  void theClusterReadIsTheClusterHrollerSaves(String dir, long staticMemory) {
    String hrollers =
        Resources.text("rapi/hroller-saved/" + dir + "-" + staticMemory + ".original");
    assertEquals(hrollers, saved(loader.load(answers(dir), staticMemory)));
  }

  @ParameterizedTest(name = "{0} --static-kvm-node-memory={1}")
  @CsvSource({"testsuite, 4096", "sandbox, 4096", "edges, 4096", "edges, 0", "edges, 2048"})
  void hrollerStillSavesWhatTheseTestsCompareWith(String dir, long staticMemory, @TempDir Path tmp)
      throws Exception {
    GanetiTools.require(HROLLER);
    Path data = Path.of(HtoolsRapiLoaderTest.class.getResource("/rapi/" + dir).toURI());
    Path save = tmp.resolve("saved");
    Process p =
        new ProcessBuilder(
                HROLLER.toString(),
                "-m",
                "file://" + data,
                "-S",
                save.toString(),
                "--static-kvm-node-memory=" + staticMemory,
                "--ignore-non-redundant")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "hroller did not finish");
    assertEquals(0, p.exitValue(), out);
    assertEquals(
        Resources.text("rapi/hroller-saved/" + dir + "-" + staticMemory + ".original"),
        Files.readString(Path.of(save + ".original")));
  }

  /**
   * Each node of {@code rapi/edges} as htools see it, with {@code --static-kvm-node-memory=0}: an
   * offline or not vm_capable node has no resources and is offline, its spindles still its
   * spindle_count; a drained node keeps its resources but is offline; exclusive storage takes the
   * spindles RAPI reports, other nodes their spindle_count.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "node1, 0, 0, 0, 0, 0, true, false, 1, 0, 0",
    "node2, 0, 0, 0, 0, 0, true, false, 2, 0, 0",
    "node3, 32763, 1017, 31234, 1373336, 4, true, true, 12, 7, 2",
    "node4, 32763, 1017, 31746, 1371520, 4, false, false, 1, 0, 1"
  })
  void aNodeIsLiveOnlyOnlineAndVmCapableAndOfflineWhenDrained(
      String name,
      long memTotal,
      long memNode,
      long memFree,
      long diskFree,
      double cpus,
      boolean offline,
      boolean drained,
      int spindles,
      int freeSpindles,
      int osCpus) {
    Node n = loader.load(answers("edges"), 0).node(name).orElseThrow();
    Node.Resources r = n.resources();
    assertEquals(
        List.of(memTotal, memNode, memFree, diskFree, cpus, offline, drained),
        List.of(
            r.memTotal(),
            r.memNode(),
            r.memFree(),
            r.diskFree(),
            r.cpus(),
            n.offline(),
            n.drained()));
    assertEquals(
        List.of(spindles, freeSpindles, osCpus, 1.0),
        List.of(r.spindles(), r.freeSpindles(), r.osCpus(), r.cpuSpeed()));
  }

  /**
   * A node's own memory is the static value on a KVM cluster when it is above 0, else what RAPI
   * reports (node4's {@code mnode} is 1017); the answer says its hypervisor in {@code
   * default_hypervisor}.
   */
  @ParameterizedTest(name = "{0} --static-kvm-node-memory={1}: {2}")
  @CsvSource({
    "kvm, 4096, 4096",
    "kvm, 1, 1",
    "kvm, 0, 1017",
    "kvm, -1, 1017",
    "xen-pvm, 4096, 1017",
    "fake, 1, 1017",
    "'', 4096, 1017"
  })
  void theStaticNodeMemoryHoldsOnKvmOnly(String hypervisor, long staticMemory, long memNode) {
    RapiAnswers edges = answers("edges");
    Map<Object, Object> info = new HashMap<>((Map<?, ?>) edges.info());
    if (hypervisor.isEmpty()) {
      info.remove("default_hypervisor");
    } else {
      info.put("default_hypervisor", hypervisor);
    }
    RapiAnswers answers = new RapiAnswers(info, edges.groups(), edges.nodes(), edges.instances());
    Cluster c = loader.load(answers, staticMemory);
    assertEquals(memNode, c.node("node4").orElseThrow().resources().memNode());
    assertEquals(
        staticMemory > 0 && hypervisor.equals("kvm") ? staticMemory : 0,
        c.node("node1").orElseThrow().resources().memNode(),
        "an offline node has no memory of its own, unless it is static");
  }

  /**
   * An instance's memory is what it uses now ({@code oper_ram}) when RAPI reports it, else its
   * configured {@code memory}, else its {@code maxmem}.
   */
  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "instance2, 512", // running, oper_ram 512, maxmem 128
    "instance9, 256", // running, oper_ram null, maxmem 256
    "instance13, 1024", // stopped, memory 1024, maxmem 2048
    "instance18, 8192" // stopped, maxmem 8192
  })
  void anInstanceCountsTheMemoryItUsesNowElseWhatItIsGiven(String name, long memory) {
    assertEquals(
        memory, loader.load(answers("edges"), 0).instance(name).orElseThrow().memory(), name);
  }
}
