package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Notifications;
import org.maintd.daemon.testing.PrometheusServer;
import org.maintd.daemon.testing.Promtool;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.notify.EventKind;

/**
 * The alert rules shipped in {@code etc/prometheus/}: Debian's {@code promtool} accepts them and
 * passes their unit tests; every metric they name is exported by a running daemon; and a real
 * Prometheus scraping that daemon with them fires {@code MaintdCollectorsDown} once a collector
 * stops. One daemon on the simulated cluster (n5's collector signing with another key, so that
 * reports are rejected) for the class, and one Prometheus: about 10 s.
 */
class AlertRulesTest {
  private static final Path RULES_DIR =
      Path.of("..", "etc", "prometheus").toAbsolutePath().normalize();
  private static final Path RULES = RULES_DIR.resolve("maintd-alerts.yml");
  private static final Path UNIT_TESTS = RULES_DIR.resolve("maintd-alerts.test.yml");
  private static final ObjectMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path tmp;
  static TestCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new TestCluster(tmp);
    Path otherKey = tmp.resolve("other.key");
    Files.writeString(otherKey, "another-cluster-key\n");
    Files.setPosixFilePermissions(otherKey, PosixFilePermissions.fromString("rw-------"));
    cluster.startCollector("n5", otherKey);
    // a receiver, so that the daemon exports the receivers' metrics the rules read
    cluster.notifications =
        new Notifications(
            List.of(
                new Notifications.Receiver(
                    "log",
                    new Notifications.Target.File(tmp.resolve("events.jsonl")),
                    EnumSet.allOf(EventKind.class),
                    Notifications.Form.JSON)),
            Duration.ofSeconds(5),
            Duration.ofSeconds(10),
            Duration.ofMinutes(10),
            Duration.ofHours(24));
    cluster.startDaemon();
  }

  @AfterAll
  static void stop() throws Exception {
    cluster.close();
  }

  @Test
  void promtoolAcceptsTheShippedRules() throws Exception {
    Promtool check = Promtool.run(RULES_DIR, "check", "rules", RULES.toString());
    assertEquals(0, check.code(), check.out());
    assertTrue(check.out().contains("SUCCESS: " + rules().size() + " rules found"), check.out());
  }

  @Test
  void theRulesPassTheirUnitTestsWhichTestEveryAlert() throws Exception {
    Promtool test = Promtool.run(RULES_DIR, "test", "rules", UNIT_TESTS.toString());
    assertEquals(0, test.code(), test.out());
    Set<String> tested = new TreeSet<>();
    for (JsonNode t : YAML.readTree(UNIT_TESTS.toFile()).get("tests")) {
      t.get("alert_rule_test").forEach(a -> tested.add(a.get("alertname").asText()));
    }
    Set<String> alerts =
        rules().stream()
            .map(r -> r.get("alert").asText())
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(alerts, tested, "the alerts of the rules, and those their unit tests test");
  }

  @Test
  void everyMetricTheRulesNameIsExportedByARunningDaemon() throws Exception {
    Set<String> named = new TreeSet<>();
    for (JsonNode rule : rules()) {
      Matcher m = Pattern.compile("\\bmaintd_[a-z0-9_]+").matcher(rule.get("expr").asText());
      while (m.find()) {
        named.add(m.group());
      }
    }
    assertTrue(named.size() >= 10, "the rules name " + named);
    cluster.awaitTrue(
        "n5's rejected reports counted (after the daemon's first poll)",
        () -> exported().contains("maintd_reports_rejected_total"));
    Set<String> missing = new TreeSet<>(named);
    missing.removeAll(exported());
    assertEquals(Set.of(), missing, "named by the rules, not in the daemon's /metrics");
  }

  @Test
  void aStoppedCollectorFiresTheCollectorsDownAlertInPrometheus() throws Exception {
    PrometheusServer.require();
    try (PrometheusServer prometheus = prometheus()) {
      cluster.awaitTrue(
          "Prometheus has evaluated the rules on the daemon's metrics (n5's rejected reports)",
          () -> !alerts(prometheus, "MaintdReportsRejected").isEmpty());
      assertTrue(query(prometheus, "maintd_collectors{health=\"ok\"}").contains("\"4\""));
      assertTrue(alerts(prometheus, "MaintdCollectorsDown").isEmpty());

      cluster.stopCollector("n4");
      cluster.awaitTrue(
          "MaintdCollectorsDown firing",
          () ->
              alerts(prometheus, "MaintdCollectorsDown").stream()
                  .anyMatch(a -> a.get("state").asText().equals("firing")));
      JsonNode alert = alerts(prometheus, "MaintdCollectorsDown").get(0);
      assertEquals("unreachable", alert.at("/labels/health").asText(), alert.toString());
      assertEquals("warning", alert.at("/labels/severity").asText(), alert.toString());
      assertEquals(
          "1 maintd collector(s) unreachable",
          alert.at("/annotations/summary").asText(),
          alert.toString());
    }
  }

  /** The rules of the shipped file. */
  private static List<JsonNode> rules() throws Exception {
    List<JsonNode> rules = new ArrayList<>();
    for (JsonNode group : YAML.readTree(RULES.toFile()).get("groups")) {
      group.get("rules").forEach(rules::add);
    }
    return rules;
  }

  /** The names of the samples in the daemon's {@code /metrics}. */
  private static Set<String> exported() throws Exception {
    return cluster
        .getRaw("/metrics")
        .body()
        .lines()
        .filter(l -> !l.startsWith("#") && !l.isBlank())
        .map(l -> l.split("[{ ]", 2)[0])
        .collect(Collectors.toSet());
  }

  /**
   * A Prometheus scraping the daemon every second with the shipped rules, evaluated every second;
   * only MaintdCollectorsDown's {@code for:} is shortened, from 10 minutes to 2 seconds.
   */
  private static PrometheusServer prometheus() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("prometheus"));
    JsonNode rules = YAML.readTree(RULES.toFile());
    for (JsonNode group : rules.get("groups")) {
      for (JsonNode rule : group.get("rules")) {
        if (rule.get("alert").asText().equals("MaintdCollectorsDown")) {
          ((ObjectNode) rule).put("for", "2s");
        }
      }
    }
    YAML.writeValue(dir.resolve("maintd-alerts.yml").toFile(), rules);
    return PrometheusServer.start(
        dir,
        String.join(
            "\n",
            "global: {scrape_interval: 1s, evaluation_interval: 1s}",
            "rule_files: [maintd-alerts.yml]",
            "scrape_configs:",
            "  - job_name: maintd",
            "    static_configs: [{targets: ['127.0.0.1:" + cluster.port() + "']}]",
            ""));
  }

  private static String query(PrometheusServer prometheus, String promql) throws Exception {
    return prometheus
        .get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8))
        .body();
  }

  /** The alerts named {@code name} that Prometheus has, pending or firing. */
  private static List<JsonNode> alerts(PrometheusServer prometheus, String name) throws Exception {
    List<JsonNode> found = new ArrayList<>();
    for (JsonNode a : JSON.readTree(prometheus.get("/api/v1/alerts").body()).at("/data/alerts")) {
      if (a.at("/labels/alertname").asText().equals(name)) {
        found.add(a);
      }
    }
    return found;
  }
}
