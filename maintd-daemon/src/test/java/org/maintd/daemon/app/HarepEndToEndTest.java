package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * harep in the daemon, with the sim backend: node n3 is offline, so web1 (n2, secondary n3) needs a
 * new secondary and app1 (primary n3, secondary n2) a failover.
 */
class HarepEndToEndTest {
  private static final String P = "ganeti:watcher:autorepair:";

  @TempDir Path tmp;

  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.harep = true;
    Files.writeString(
        cluster.dir.resolve("cluster.data"),
        TestCluster.CLUSTER.replace(
            "n3|16384|1024|14336|200000|180000|8|N|", "n3|16384|1024|14336|200000|180000|8|Y|"));
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private Map<String, Object> instance(String name) throws Exception {
    return ((List<Map<String, Object>>) cluster.get("/1/instances"))
        .stream().filter(i -> i.get("name").equals(name)).findFirst().orElseThrow();
  }

  private List<String> tags(String instance) throws Exception {
    return (List<String>) instance(instance).get("tags");
  }

  private void post(String path, String json) throws Exception {
    assertEquals(200, cluster.signedPost(path, json).statusCode(), path + " " + json);
  }

  @Test
  void repairsWhatThePolicyAllowsWritesHarepsTagsAndStopsAfterAFailure() throws Exception {
    cluster.startDaemon();
    cluster.awaitTrue(
        "web1 listed as broken but not enabled",
        () ->
            ((List<Map<String, Object>>) ((Map<?, ?>) cluster.get("/1/plan")).get("items"))
                .stream()
                    .anyMatch(
                        i ->
                            "web1".equals(i.get("uuid"))
                                && i.get("next")
                                    .toString()
                                    .contains("auto-repair is not enabled")));
    assertEquals(List.of(), cluster.simJobs());

    // The first replace-secondary fails: the repair fails and is not retried.
    post("/1/sim/fail", "{\"op\": \"replace-secondary\", \"instance\": \"web1\", \"times\": 1}");
    post(
        "/1/sim/tags",
        "{\"cluster\": true, \"action\": \"add\", \"tag\": \"" + P + "fix-storage\"}");
    cluster.awaitTrue(
        "web1's repair failed",
        () ->
            tags("web1").stream()
                .anyMatch(t -> t.startsWith(P + "result:fix-storage:") && t.contains(":failure:")));
    String failure =
        tags("web1").stream().filter(t -> t.startsWith(P + "result:")).findFirst().orElseThrow();
    assertEquals("failed fix-storage repair", instance("web1").get("auto_repair"));
    List<Map<String, Object>> jobs = cluster.simJobs();
    assertEquals(
        1,
        jobs.stream().filter(j -> j.get("operations").toString().contains("web1")).count(),
        jobs.toString());
    String jobId = (String) jobs.get(0).get("id");
    assertTrue(
        failure.matches(
            java.util.regex.Pattern.quote(P)
                + "result:fix-storage:[0-9a-f-]{36}:[0-9]+:failure:"
                + jobId),
        failure);
    assertTrue(
        ((List<?>) jobs.get(0).get("reason"))
            .toString()
            .contains("harep fix-storage repair of instance web1"),
        jobs.toString());

    // app1 needs a failover, which the cluster's level does not allow: enoperm, once.
    cluster.awaitTrue(
        "app1 enoperm",
        () ->
            tags("app1").stream()
                .anyMatch(t -> t.startsWith(P + "result:failover:") && t.endsWith(":enoperm:")));

    // Removing the failure tag lets the repair run again; the operator allows failovers for app1.
    post(
        "/1/sim/tags",
        "{\"instance\": \"web1\", \"action\": \"remove\", \"tag\": \"" + failure + "\"}");
    post(
        "/1/sim/tags",
        "{\"instance\": \"app1\", \"action\": \"add\", \"tag\": \"" + P + "failover\"}");
    cluster.awaitTrue(
        "web1 repaired",
        () ->
            tags("web1").stream()
                .anyMatch(t -> t.startsWith(P + "result:fix-storage:") && t.contains(":success:")));
    // Once failed over, app1's secondary is the offline n3: a fix-storage repair follows, whose
    // pending tag replaces the failover's result, as harep's does.
    cluster.awaitTrue(
        "app1 failed over",
        () ->
            cluster.simJobs().stream()
                .anyMatch(
                    j ->
                        "success".equals(j.get("status"))
                            && j.get("operations").toString().contains("failover")
                            && j.get("operations").toString().contains("app1")));
    cluster.awaitTrue(
        "app1 repaired",
        () ->
            tags("app1").stream()
                    .anyMatch(t -> t.startsWith(P + "result:") && t.contains(":success:"))
                && instance("app1").get("auto_repair").toString().startsWith("enabled up to "));
    assertTrue(
        tags("app1").stream().noneMatch(t -> t.endsWith(":enoperm:")),
        "the enoperm tag was replaced: " + tags("app1"));
    Map<String, Object> web1 = instance("web1");
    assertTrue(
        !web1.get("secondary_node").equals("n3") && !web1.get("secondary_node").equals("n2"),
        web1.toString());
    assertEquals("n2", instance("app1").get("primary_node"));
    assertTrue(web1.get("auto_repair").toString().startsWith("enabled up to "), web1.toString());
    assertEquals("ok", web1.get("health"));
    assertTrue(
        tags("web1").stream().noneMatch(t -> t.startsWith(P + "pending:")),
        tags("web1").toString());
    for (Map<String, Object> job : cluster.simJobs()) {
      assertTrue(Json.write(job).contains("gnt:daemon:maintd"), job.toString());
    }
  }
}
