package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.htools.HtoolsReader;
import org.maintd.testing.GanetiTools;

/**
 * {@code maintctl balance} with load against Ganeti's hbal: hbal's dynamic utilisation file ({@code
 * -U}), mond's answers ({@code --mond-data}; hbal with {@code --mond=yes}) and {@code
 * --ignore-dynu}, on Ganeti's test data ({@code hbal-dyn.data}, {@code common-suffix.data} with
 * {@code mond-data.txt}, the cases of the shelltest {@code htools-dynutil.test}) and on generated
 * clusters with generated load: the same moves with the same scores, the same refusals, and hbal
 * scores maintd's saved cluster as its own.
 */
class BalanceLoadDifferentialTest {
  /** How many comparisons the cases below make, all of them run. */
  private static final int COMPARISONS = 20;

  /** The fewest comparisons in which hbal must move something, when all of them run. */
  static final int LEAST_MOVING = 16;

  /** Whether hbal moved something, one entry per comparison made by this class's run. */
  private static final List<Boolean> MOVED = new CopyOnWriteArrayList<>();

  @TempDir Path tmp;

  /**
   * A comparison in which neither side moves proves only that both leave the cluster alone: when
   * every case ran, at least {@link #LEAST_MOVING} of them must have moved something.
   */
  @AfterAll
  static void enoughComparisonsMoveSomething() {
    if (MOVED.size() == COMPARISONS) {
      long moving = MOVED.stream().filter(m -> m).count();
      assertTrue(
          moving >= LEAST_MOVING,
          moving
              + " of "
              + COMPARISONS
              + " comparisons moved something, "
              + LEAST_MOVING
              + " must");
    }
  }

  private Path resource(String name) throws Exception {
    return Path.of(getClass().getResource("/load/" + name).toURI());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "nothing|",
        "--ignore-dynu|--ignore-dynu",
        "a heavy instance|-U U:inst-00 0.1 5 1 1,inst-01 0.1 1 1 1,inst-10 0.1 1 1 1",
        "no such instance|-U U:no-such-inst 2 2 2 2",
        "the loaded node|--mond-data M:0.8,0.2",
        "the other node loaded|--mond-data M:0.1,3.5",
        "a utilisation and the loaded node|-U U:inst-00 0.1 5 1 1 --mond-data M:0.8,0.2",
        "one node did not answer|--mond-data M:0.8,ERROR",
        "ignoring the load|--ignore-dynu -U U:inst-00 9 9 9 9 --mond-data M:0.8,0.2"
      })
  void hbalDynIsBalancedAsHbalBalancesIt(String what, String switches) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path file = resource("hbal-dyn.data");
    compare(file, expand(switches == null ? "" : switches, file));
  }

  /** The demo's cluster, each group, without and with the demo's mond data (node3 busy). */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"group1, false", "group2, false", "group3, false", "group1, true", "group2, true"})
  void theDemoClusterIsBalancedAsHbalBalancesIt(String group, boolean load) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path demo = Path.of("..", "etc", "demo").toAbsolutePath().normalize();
    List<String> args = new ArrayList<>(List.of("-G", group));
    if (load) {
      args.addAll(List.of("--mond-data", demo.resolve("mond-data.json").toString()));
    }
    compare(demo.resolve("cluster.data"), args);
  }

  @Test
  void ganetisMondDataScoresTheClusterAsHbalScoresIt() throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    compare(
        resource("common-suffix.data"),
        List.of("--mond-data", resource("mond-data.txt").toString()));
  }

  /** The cases of Ganeti's shelltest htools-dynutil.test, on hbal-dyn.data. */
  @ParameterizedTest(name = "[{0}]")
  @CsvSource(
      delimiter = ';',
      value = {
        "a;1;Cannot parse line",
        "a b c d e f g h;1;Cannot parse line",
        "inst cpu mem dsk net;1;cannot parse string '(cpu|mem|dsk|net)'",
        "no-such-inst 2 2 2 2;0;",
        "inst-00 2 2 2 2;0;"
      })
  void badUtilisationFilesAreRefusedAsHbalRefusesThem(String line, int rc, String error)
      throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path dynu = tmp.resolve("dynu");
    Files.writeString(dynu, line + "\n");
    List<String> args = List.of("-t", resource("hbal-dyn.data").toString(), "-U", dynu.toString());
    HbalRuns.Run theirs = HbalRuns.hbal(args);
    HbalRuns.Run ours = HbalRuns.maintctl(args);
    assertEquals(rc, theirs.rc(), theirs.err());
    assertEquals(theirs.rc(), ours.rc(), ours.err());
    if (error != null) {
      assertTrue(theirs.err().matches("(?s).*" + error + ".*"), theirs.err());
      assertTrue(ours.err().matches("(?s).*" + error + ".*"), ours.err());
      assertEquals(theirs.err().strip(), ours.err().strip());
    }
  }

  @ParameterizedTest(name = "{0} nodes, {1} instances, seed {2}")
  @CsvSource({"8, 40, 1", "8, 40, 2", "12, 80, 3", "16, 120, 4", "24, 200, 5"})
  void generatedClustersWithGeneratedLoadAreBalancedAsHbalBalancesThem(
      int nodes, int instances, long seed) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path file = tmp.resolve("c.data");
    Files.writeString(
        file,
        GeneratedCluster.text(
            nodes, 1, instances, seed, List.of("htools:iextags:service", "htools:nlocation:rack")));
    Cluster cluster = new HtoolsReader().read(Files.readString(file), "c");
    Random rnd = new Random(seed);
    Path mond = tmp.resolve("mond.json");
    Files.writeString(mond, mondData(cluster, rnd));
    Path dynu = tmp.resolve("dynu");
    Files.writeString(dynu, utilisation(cluster, rnd));
    List<String> args = List.of("-l", "40", "--mond-data", mond.toString(), "-U", dynu.toString());
    compare(file, args);
  }

  /**
   * hbal and maintctl on {@code file} with {@code args} ({@code --mond-data} given to hbal with
   * {@code --mond=yes}): the same exit code and moves; both save their result, which hbal scores
   * alike with the same load.
   */
  private void compare(Path file, List<String> args) throws Exception {
    List<String> load = new ArrayList<>(args);
    if (load.contains("--mond-data")) {
      load.add("--mond=yes");
    }
    List<String> theirArgs = new ArrayList<>(List.of("-t", file.toString()));
    theirArgs.addAll(load);
    theirArgs.addAll(List.of("-S", tmp.resolve("theirs").toString()));
    List<String> ourArgs = new ArrayList<>(List.of("-t", file.toString()));
    ourArgs.addAll(args);
    ourArgs.addAll(List.of("-S", tmp.resolve("ours").toString()));
    HbalRuns.Run theirs = HbalRuns.hbal(theirArgs);
    HbalRuns.Run ours = HbalRuns.maintctl(ourArgs);
    MOVED.add(!theirs.moves().isEmpty());
    String why = String.join(" ", args);
    assertEquals(theirs.rc(), ours.rc(), why + "\n" + theirs.err() + "\n" + ours.err());
    assertEquals(theirs.initialScore(), ours.initialScore(), 1e-8, why);
    HbalRuns.assertSameMoves(theirs, ours, why);
    assertEquals(
        warnings(theirs.err()), warnings(ours.err()), why + ": hbal's warnings are maintctl's");
    if (!theirs.moves().isEmpty()) {
      assertEquals(
          scoreOf(tmp.resolve("theirs.balanced"), load),
          scoreOf(tmp.resolve("ours"), load),
          1e-8,
          why + ": hbal scores maintd's saved cluster as its own");
    }
  }

  /** hbal's score of a saved cluster, with the same load. */
  private static double scoreOf(Path saved, List<String> load) throws Exception {
    List<String> args = new ArrayList<>(List.of("-t", saved.toString(), "-l", "0"));
    for (int k = 0; k < load.size(); k++) {
      if (!load.get(k).equals("-S") && !load.get(k).equals("-l")) {
        args.add(load.get(k));
      } else {
        k++;
      }
    }
    return HbalRuns.hbal(args).initialScore();
  }

  private static List<String> warnings(String err) {
    return err.lines().filter(l -> l.contains("ignored") || l.contains("No CPU")).toList();
  }

  /**
   * The switches with {@code U:LINE,LINE} made a utilisation file and {@code M:A,B} a mond data
   * file giving the nodes in order those CPU totals ({@code ERROR}: mond's error answer).
   */
  private List<String> expand(String switches, Path file) throws Exception {
    List<String> out = new ArrayList<>();
    Cluster cluster = new HtoolsReader().read(Files.readString(file), "c");
    for (String word : switches.split(" (?=-)")) {
      if (word.isBlank()) {
        continue;
      }
      String[] f = word.split(" ", 2);
      out.add(f[0]);
      if (f.length == 1) {
        continue;
      }
      Path p = tmp.resolve(f[0].replace("-", "") + ".in");
      String body = f[1].substring(2);
      Files.writeString(
          p,
          f[1].startsWith("U:")
              ? String.join("\n", body.split(",")) + "\n"
              : mondData(cluster, body.split(",")));
      out.add(p.toString());
    }
    return out;
  }

  private static String mondData(Cluster cluster, Random rnd) {
    String[] totals = new String[cluster.nodes().size()];
    for (int k = 0; k < totals.length; k++) {
      totals[k] = String.format(Locale.ROOT, "%.6f", rnd.nextDouble() * 8);
    }
    return mondData(cluster, totals);
  }

  /** mond's answers: each node's cpu-avg-load with the CPU total given (ERROR: the error form). */
  private static String mondData(Cluster cluster, String[] totals) {
    List<String> nodes = new ArrayList<>();
    for (int k = 0; k < cluster.nodes().size(); k++) {
      Node n = cluster.nodes().get(k);
      String data =
          totals[k].equals("ERROR")
              ? "{\"error\":\"Empty buffer\"}"
              : String.format(
                  Locale.ROOT,
                  "{\"cpu_number\":4,\"cpus\":[0.1,0.1,0.1,0.1],\"cpu_total\":%s}",
                  totals[k]);
      nodes.add(
          "{\"node\":\""
              + n.name()
              + "\",\"reports\":[{\"name\":\"cpu-avg-load\",\"version\":\"B\","
              + "\"format_version\":1,\"timestamp\":1379507272000000000,\"category\":null,"
              + "\"kind\":0,\"data\":"
              + data
              + "}]}");
    }
    return "[" + String.join(",", nodes) + "]";
  }

  /** A utilisation line for about a third of the instances, and one for no instance. */
  private static String utilisation(Cluster cluster, Random rnd) {
    StringBuilder b = new StringBuilder("no-such-instance 1 2 3 4\n");
    for (Instance i : cluster.instances()) {
      if (rnd.nextInt(3) == 0) {
        b.append(
            String.format(
                Locale.ROOT,
                "%s %.3f %.3f %.3f %.3f%n",
                i.name(),
                rnd.nextDouble() * 4,
                rnd.nextDouble() * 4,
                rnd.nextDouble() * 4,
                rnd.nextDouble() * 4));
      }
    }
    return b.toString();
  }
}
