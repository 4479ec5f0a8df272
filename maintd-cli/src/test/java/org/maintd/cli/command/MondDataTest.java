package org.maintd.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.balance.Load;

/** A file of mond's answers, read as hbal --mond-data reads it. */
class MondDataTest {
  private static String report(String name, String data) {
    return "{\"name\":\""
        + name
        + "\",\"version\":\"B\",\"format_version\":1,\"timestamp\":1,\"category\":null,"
        + "\"kind\":0,\"data\":"
        + data
        + "}";
  }

  private static String node(String name, String... reports) {
    return "{\"node\":\"" + name + "\",\"reports\":[" + String.join(",", reports) + "]}";
  }

  private static final String CPU = "{\"cpu_number\":2,\"cpus\":[0.5,0.5],\"cpu_total\":%s}";

  @Test
  void eachNodesFirstCpuAvgLoadOfTheRightShapeCounts() {
    String text =
        "["
            + node("a", report("other", "{}"), report("cpu-avg-load", CPU.formatted("1.5")))
            + ","
            + node("b", report("cpu-avg-load", "{\"error\":\"Empty buffer\"}"))
            + ","
            + node(
                "c",
                report("cpu-avg-load", CPU.formatted("0.5")),
                report("cpu-avg-load", CPU.formatted("9")))
            + ","
            + node(
                "d", report("cpu-avg-load", "{\"cpu_number\":2,\"cpus\":[\"x\"],\"cpu_total\":1}"))
            + "]";
    assertEquals(new Load.NodeCpu(Map.of("a", 1.5, "c", 0.5)), MondData.read(text, false));
  }

  @Test
  void xensReportIsInstanceNamesToNumbers() {
    String text =
        "["
            + node("a", report("xen-cpu-avg-load", "{\"web\":0.25,\"db\":1}"))
            + ","
            + node("b", report("xen-cpu-avg-load", "{\"bad\":\"x\"}"))
            + "]";
    assertEquals(
        new Load.InstanceCpu(Map.of("a", Map.of("web", 0.25, "db", 1.0))),
        MondData.read(text, true));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "not json;not JSON: ",
        "{};not a JSON array of nodes",
        "[{\"nodes\":\"x\"}];a node has no 'node': {\"nodes\":\"x\"}",
        "[{\"node\":\"a\"}];node a: 'reports' must be an array",
        "[{\"node\":\"a\",\"reports\":[1]}];node a: a report must be an object",
        "[{\"node\":\"a\",\"reports\":[{\"name\":\"cpu-avg-load\"}]}];node a: a report has no 'version'",
        "[{\"node\":\"a\",\"reports\":[{\"name\":\"n\",\"version\":\"B\",\"format_version\":1,\"timestamp\":1,\"kind\":0}]}];node a: a report has no 'data'"
      })
  void aFileOfAnotherShapeIsRefusedSayingWhatIsWrong(String text, String message) {
    String got =
        assertThrows(IllegalArgumentException.class, () -> MondData.read(text, false)).getMessage();
    assertEquals(true, got.startsWith(message), got);
  }
}
