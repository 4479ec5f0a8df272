package org.maintd.rapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.testing.Resources;

/**
 * The instance policies of {@code /2/info} and {@code /2/groups} as htools policy lines ({@code
 * owner|std|min;max...|disk templates|vcpu ratio|spindle ratio}, each spec {@code
 * memory,cpus,disk,disks,nics,spindles}); Ganeti's real answers are checked against hroller in
 * {@link HtoolsRapiLoaderTest}. About 0.1 s.
 */
class RapiPoliciesTest {
  private static final String POLICY =
      """
      {"std": {"memory-size": 128, "cpu-count": 1, "disk-size": 1024, "nic-count": 1},
       "minmax": [
         {"min": {"memory-size": 16, "cpu-count": 1, "disk-size": 4, "disk-count": 1,
                  "nic-count": 0, "spindle-use": 1},
          "max": {"memory-size": 4096, "cpu-count": 4, "disk-size": 8192, "disk-count": 2,
                  "nic-count": 2, "spindle-use": 3}},
         {"min": {"memory-size": 8192}, "max": {"memory-size": 65536, "cpu-count": 16}}],
       "disk-templates": ["drbd", "plain"], "vcpu-ratio": 2.5}
      """;

  private static List<String> lines(String info, String groups) {
    return RapiPolicies.lines(
        new JsonObject("/2/info", Resources.parseJson(info)),
        (List<?>) Resources.parseJson(groups));
  }

  /**
   * Every spec in the order memory, CPUs, disk size, disks, NICs, spindles, 0 where the answer
   * leaves one out; several min/max pairs joined by {@code ;}; the spindle ratio 32 when left out.
   */
  @Test
  void aPolicyIsOneLineWithItsSpecsInTheHtoolsOrder() {
    assertEquals(
        List.of(
            "|128,1,1024,0,1,0"
                + "|16,1,4,1,0,1;4096,4,8192,2,2,3;8192,0,0,0,0,0;65536,16,0,0,0,0"
                + "|drbd,plain|2.5|32.0"),
        lines("{\"ipolicy\": " + POLICY + "}", "[]"));
  }

  @Test
  void aPolicyThatSaysNothingHasTheDefaultRatios() {
    assertEquals(List.of("|0,0,0,0,0,0|||4.0|32.0"), lines("{\"ipolicy\": {}}", "[]"));
  }

  /** The cluster's line first, without an owner, then each group's that has one, by name. */
  @ParameterizedTest(name = "cluster {0}, g1 {1}, g2 {2}: {3}")
  @CsvSource({
    "true, true, true, '|;g1|;g2|'",
    "true, false, false, '|'",
    "false, true, false, 'g1|'",
    "false, false, true, 'g2|'",
    "false, false, false, ''"
  })
  void onlyTheClusterAndTheGroupsThatGiveAPolicyHaveALine(
      boolean cluster, boolean g1, boolean g2, String owners) {
    String policy = "\"ipolicy\": {\"vcpu-ratio\": 3}";
    List<String> lines =
        lines(
            "{" + (cluster ? policy : "") + "}",
            "[{\"name\": \"g1\""
                + (g1 ? ", " + policy : "")
                + "},"
                + " {\"name\": \"g2\""
                + (g2 ? ", " + policy : "")
                + "}]");
    assertEquals(
        owners.isEmpty() ? List.of() : List.of(owners.split(";")),
        lines.stream().map(l -> l.substring(0, l.indexOf('|') + 1)).toList());
    lines.forEach(l -> assertEquals("|0,0,0,0,0,0|||3.0|32.0", l.substring(l.indexOf('|'))));
  }

  @ParameterizedTest(name = "{0} / {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          {"ipolicy": {"minmax": [7]}}         | []                                          | /2/info.ipolicy.minmax is not a JSON object
          {"ipolicy": {"minmax": {}}}          | []                                          | /2/info.ipolicy: field 'minmax' is not a list
          {"ipolicy": {"std": []}}             | []                                          | /2/info.ipolicy.std is not a JSON object
          {"ipolicy": {"std": {"cpu-count": "one"}}} | []                                  | /2/info.ipolicy.std: field 'cpu-count' is not a number: one
          {"ipolicy": 1}                       | []                                          | /2/info.ipolicy is not a JSON object
          {}                                   | [{"name": "g1", "ipolicy": {"minmax": [{"max": 1}]}}] | /2/groups entry.ipolicy.minmax.max is not a JSON object
          {}                                   | [{"ipolicy": {}}]                           | /2/groups entry: field 'name' is missing or not a string
          """)
  void aPolicyThatCannotBeReadIsRefusedNamingWhere(String info, String groups, String message) {
    RapiFormatException e = assertThrows(RapiFormatException.class, () -> lines(info, groups));
    assertEquals(message, e.getMessage());
  }
}
