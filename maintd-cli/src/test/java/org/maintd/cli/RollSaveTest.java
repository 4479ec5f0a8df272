package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.cli.MaintctlTest.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cli.MaintctlTest.Run;
import org.maintd.testing.GanetiTools;

/**
 * {@code maintctl roll -S FILE}: the cluster read is saved as htools text to {@code FILE.original}
 * (hroller's name), planning from the saved file gives the same plan, and where Ganeti's hroller is
 * installed the saved file is byte for byte hroller's own for the same input, text or RAPI.
 */
class RollSaveTest {
  private static final Path HROLLER = Path.of("/usr/lib/ganeti/3.0/usr/bin/hroller");

  @TempDir Path tmp;

  private static String source(String kind, String name) throws Exception {
    Path p = RapiServer.resource(name);
    return kind.equals("-m") ? "file://" + p : p.toString();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource({
    "-t, /hroller-cases/data/hroller-full.data, ''",
    "-t, /hroller-cases/data/hroller-nodegroups.data, --full-evacuation",
    "-t, /hroller-cases/data/multiple-tags.data, --node-tags=red",
    "-t, /hroller-cases/data/unique-reboot-order.data, --ignore-non-redundant",
    "-m, /rapi/testsuite, ''",
    "-m, /rapi/kvm, --print-moves",
    "-m, /rapi/kvm, --static-kvm-node-memory=0"
  })
  void theSavedClusterGivesTheSamePlanAndIsWhatHrollerSaves(String kind, String data, String opt)
      throws Exception {
    Path save = tmp.resolve("saved");
    List<String> args =
        new ArrayList<>(List.of("roll", kind, source(kind, data), "-S", save.toString()));
    if (!opt.isEmpty()) {
      args.add(opt);
    }
    Run saving = run(args.toArray(String[]::new));
    Path saved = Path.of(save + ".original");
    assertEquals(0, saving.code(), saving.err());
    assertTrue(
        saving
            .err()
            .contains(
                "The cluster state before hroller run has been written to file '" + saved + "'"),
        saving.err());
    List<String> again = new ArrayList<>(List.of("roll", "-t", saved.toString()));
    if (!opt.isEmpty() && !opt.startsWith("--static")) {
      again.add(opt);
    }
    assertEquals(saving.out(), run(again.toArray(String[]::new)).out());

    GanetiTools.require(HROLLER);
    Path theirs = tmp.resolve("theirs");
    List<String> hroller =
        new ArrayList<>(
            List.of(HROLLER.toString(), kind, source(kind, data), "-S", theirs.toString()));
    if (!opt.isEmpty()) {
      hroller.add(opt);
    }
    String out = hroller(hroller);
    assertEquals(out, saving.out());
    assertEquals(Files.readString(Path.of(theirs + ".original")), Files.readString(saved));
  }

  @Test
  void aStaticKvmNodeMemoryIsWhatIsSavedForEveryNode() throws Exception {
    Path save = tmp.resolve("kvm");
    assertEquals(
        0,
        run(
                "roll",
                "-m",
                source("-m", "/rapi/kvm"),
                "-S",
                save.toString(),
                "--static-kvm-node-memory",
                "2048")
            .code());
    List<String> nodes = section(Files.readString(Path.of(save + ".original")), 1);
    assertEquals(4, nodes.size());
    assertTrue(nodes.stream().allMatch(n -> n.split("\\|")[2].equals("2048")), nodes.toString());
    assertTrue(nodes.get(0).startsWith("node1|32763|2048|"), "drained: offline: " + nodes);
    assertTrue(nodes.get(0).contains("|Y|"), "drained: offline: " + nodes);
    assertTrue(nodes.get(1).startsWith("node2|0|2048|0|0|0|0|Y|"), "not vm_capable: " + nodes);
  }

  @Test
  void aNodeMemoryThatIsNotKvmStaysAsRapiReportsIt() throws Exception {
    Path save = tmp.resolve("xen");
    assertEquals(
        0, run("roll", "-m", source("-m", "/rapi/testsuite"), "-S", save.toString()).code());
    assertTrue(
        section(Files.readString(Path.of(save + ".original")), 1).stream()
            .allMatch(n -> n.split("\\|")[2].equals("1017")));
  }

  @Test
  void nothingIsSavedWhenTheClusterHasNoMaster() throws Exception {
    Path save = tmp.resolve("none");
    Run r =
        run(
            "roll",
            "-t",
            source("-t", "/hroller-cases/data/empty-cluster.data"),
            "-S",
            save.toString());
    assertEquals(1, r.code());
    assertFalse(Files.exists(Path.of(save + ".original")));
  }

  private static List<String> section(String text, int index) {
    return List.of(text.split("\n\n", -1)[index].split("\n"));
  }

  private static String hroller(List<String> args) throws Exception {
    Process p = new ProcessBuilder(args).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "hroller did not finish");
    assertEquals(0, p.exitValue(), "hroller " + args);
    return out;
  }
}
