package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.htools.HtoolsReader;
import org.maintd.testing.GanetiTools;

/**
 * Ganeti's hbal as the oracle of the cluster score: for every node group of every htools file in
 * Ganeti's test data that hbal balances, every term of the score, and the score, equal what {@code
 * hbal -v -v -v} prints as its initial coefficients (an empty group scores 0).
 */
class ClusterScoreOracleTest {
  static final Path HBAL = Path.of("/usr/lib/ganeti/3.0/usr/bin/hbal");
  private static final Pattern TERM =
      Pattern.compile("(?m)^\\s+(\\w+)\\s+(-?[0-9.]+|NaN)\\s+x[0-9.]+$");

  static Stream<Arguments> groups() throws Exception {
    List<Arguments> out = new ArrayList<>();
    Path dir = Path.of(ClusterScoreOracleTest.class.getResource("/htools").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".data")).sorted().toList()) {
        Cluster c;
        try {
          c = new HtoolsReader().read(Files.readString(f), f.getFileName().toString());
        } catch (RuntimeException e) {
          continue;
        }
        if (c.instances().isEmpty()) {
          continue; // hbal refuses a cluster without instances ("Cluster is empty")
        }
        for (Group g : c.groups()) {
          out.add(Arguments.of(f.getFileName().toString(), g.name(), f));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} group {1}")
  @MethodSource("groups")
  void everyTermIsHbals(String name, String group, Path file) throws Exception {
    GanetiTools.require(HBAL);
    Process p =
        new ProcessBuilder(
                HBAL.toString(), "-t", file.toString(), "-G", group, "-v", "-v", "-v", "-l", "0")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(60, TimeUnit.SECONDS);
    int start = out.indexOf("Initial coefficients");
    assumeTrue(
        start >= 0,
        "hbal does not balance "
            + name
            + " group "
            + group
            + ": "
            + out.lines().reduce((a, b) -> b).orElse(""));
    Map<String, Double> expected = new LinkedHashMap<>();
    Matcher m = TERM.matcher(out.substring(start));
    while (m.find() && !expected.containsKey(m.group(1))) {
      expected.put(m.group(1), Double.parseDouble(m.group(2)));
    }
    Cluster c = new HtoolsReader().read(Files.readString(file), name);
    String uuid =
        c.groups().stream().filter(g -> g.name().equals(group)).findFirst().orElseThrow().uuid();
    Map<ScoreComponent, Double> ours = new ClusterScore().components(c, uuid);
    Matcher overall = Pattern.compile("Initial coefficients: overall (-?[0-9.]+)").matcher(out);
    overall.find();
    double total = Double.parseDouble(overall.group(1));
    assertEquals(
        total,
        new ClusterScore().score(c, uuid),
        1e-6 * Math.max(1, total),
        name + " group " + group + ": the score");
    List<String> wrong = new ArrayList<>();
    for (ScoreComponent sc : ScoreComponent.values()) {
      Double want = expected.isEmpty() ? Double.valueOf(0) : expected.get(sc.label());
      double got = ours.get(sc);
      if (want == null || Math.abs(want - got) > 1e-6 * Math.max(1, Math.abs(want))) {
        wrong.add(sc.label() + ": hbal " + want + ", maintd " + got);
      }
    }
    assertEquals(List.of(), wrong, name + " group " + group);
  }
}
