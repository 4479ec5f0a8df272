package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.balance.BalanceThreshold;
import org.maintd.balance.Load;
import org.maintd.safety.StormGuard;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.LoadReading;

/**
 * The nodes' CPU load as the round weighs it: each node's mean over its last five polls, kept while
 * it reports one, forgotten when a poll brings none; balancing weighs it where every node has one,
 * and the plan says whether it did.
 */
class LoadRoundTest {
  private static StepDriver driver() {
    return new StepDriver(
        Settings.defaults()
            .withStorm(new StormGuard(50))
            .withBalanceThreshold(BalanceThreshold.above(0.1))
            .withBalancing(org.maintd.balance.BalanceOptions.threshold(0.1)));
  }

  private static StepResult poll(StepDriver d, Map<String, LoadReading> loads) {
    Map<String, CollectorReading> readings = new HashMap<>();
    for (String n : List.of("n1", "n2", "n3", "n4")) {
      readings.put(
          n,
          StepDriver.reading(n, StepDriver.ok(), d.now)
              .withLoad(loads.getOrDefault(n, new LoadReading.NotMeasured("no answer"))));
    }
    return d.take(Inputs.tick(d.cluster, readings, Map.of(), List.of(), List.of()));
  }

  private static Map<String, LoadReading> all(double n1) {
    return Map.of(
        "n1",
        new LoadReading.Cpu(n1),
        "n2",
        new LoadReading.Cpu(0.5),
        "n3",
        new LoadReading.Cpu(0.5),
        "n4",
        new LoadReading.Cpu(0.5));
  }

  private static String balance(StepResult r) {
    return r.state().memory().plan().items().stream()
        .filter(i -> i.kind().equals("balance"))
        .map(i -> i.next().text())
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aNodesLoadIsTheMeanOfItsLastFivePolls() {
    StepDriver d = driver();
    for (double v : new double[] {10, 1, 2, 3, 4, 5}) {
      poll(d, all(v));
    }
    assertEquals(3.0, d.state.memory().loads().get("n1").mean(), 1e-12, "(1+2+3+4+5)/5");
    Load load = Planning.load(d.state.memory(), d.cluster);
    assertEquals(
        Map.of("n1", 3.0, "n2", 0.5, "n3", 0.5, "n4", 0.5), ((Load.NodeCpu) load.cpu()).byNode());
  }

  @Test
  void balancingSaysWhetherItWeighedTheMeasuredLoad() {
    StepDriver d = driver();
    assertTrue(balance(poll(d, all(2))).endsWith("; by measured CPU load"), "every node");
    Map<String, LoadReading> three = new HashMap<>(all(2));
    three.remove("n4");
    String left = balance(poll(d, three));
    assertTrue(
        left.endsWith("; measured CPU load left out: not every node reports it"),
        "n4 forgot its load: " + left);
    assertTrue(!d.state.memory().loads().containsKey("n4"));
    String none = balance(poll(d, Map.of()));
    assertTrue(!none.contains("load"), "nothing measured, nothing said: " + none);
  }

  @Test
  void anAverageCoversOneToFivePolls() {
    assertThrows(IllegalArgumentException.class, () -> new LoadAverage(List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new LoadAverage(List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0)));
    assertThrows(IllegalArgumentException.class, () -> new LoadReading.Cpu(-1));
    assertThrows(IllegalArgumentException.class, () -> new LoadReading.Cpu(Double.NaN));
  }
}
