package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.testing.GanetiTools;

/**
 * A conflict graph where DColor alone finds the fewest colours, so the reboot groups are DColor's.
 * {@code dcolor-fewest.data}: eight nodes, twelve DRBD instances, node-1 and node-6 joined twice.
 * With offline maintenance the graph is the DRBD pairs: largest-first and DSatur colour it with
 * four colours, DColor (most coloured neighbour edges first, the doubled edge counting twice) with
 * three. Online, the primaries sharing a secondary add edges and all three need four; largest-first
 * comes first among equals.
 */
class HrollerDcolorTest {
  private static final String DATA = "dcolor-fewest.data";

  @TempDir static Path tmp;

  static Stream<PinnedRoll.Case> cases() {
    return Stream.of(
        PinnedRoll.ok(
            "offline maintenance: DColor's three groups",
            DATA,
            "--no-headers --offline-maintenance",
            """
            node-3,node-4,node-5,node-6
            node-0,node-1
            node-2,node-7
            """),
        PinnedRoll.ok(
            "offline maintenance, one step",
            DATA,
            "--no-headers --offline-maintenance --one-step-only",
            """
            node-3
            node-4
            node-5
            node-6
            """),
        PinnedRoll.ok(
            "online: four groups, largest-first's",
            DATA,
            "--no-headers",
            """
            node-2,node-5,node-6
            node-1,node-3
            node-0
            node-4,node-7
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void maintctlAnswersAsPinned(PinnedRoll.Case c) throws Exception {
    PinnedRoll.assertMaintctl(c, tmp);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void hrollerAnswersAsPinned(PinnedRoll.Case c) throws Exception {
    PinnedRoll.assertHroller(c, tmp);
  }

  /** hroller's own count of colours (shown with {@code -v -v}): only DColor finds three. */
  @Test
  void hrollerFindsThreeColoursWithDcolorAndFourWithTheOthers() throws Exception {
    GanetiTools.require(PinnedRoll.HROLLER);
    PinnedRoll.Output h =
        PinnedRoll.hroller(
            List.of("-v", "-v", "--no-headers", "--offline-maintenance"),
            PinnedRoll.file(tmp, DATA));
    assertEquals(0, h.rc(), h.stderr());
    Matcher m =
        Pattern.compile("^Dcolor: (\\d+) .* Dsatur: (\\d+) .* LF: (\\d+) ", Pattern.MULTILINE)
            .matcher(h.stdout());
    assertTrue(m.find(), h.stdout());
    assertEquals(List.of("3", "4", "4"), List.of(m.group(1), m.group(2), m.group(3)), h.stdout());
  }
}
