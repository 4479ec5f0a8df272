package org.maintd.cli;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Nodes given as offline ({@code -O}) by name: a full name, or the name cut at a dot when only one
 * node's name starts that way; a full name wins over another node's longer name. An ambiguous or
 * unknown name is refused, naming it. {@code short-names.data} has node1.example.com,
 * node1.example.org, node2.example.com, node3 and node3.example.com (the master), joined in a ring
 * of DRBD instances.
 *
 * <p>hroller ends this error with an empty line, which maintctl does not print; the comparison with
 * hroller leaves that line out.
 */
class HrollerOfflineNamesTest {
  private static final String DATA = "short-names.data";
  private static final String WRONG = "Error: wrong node name(s) set as offline: ";

  @TempDir static Path tmp;

  static Stream<PinnedRoll.Case> cases() {
    String withoutNode2 =
        """
        node1.example.com,node3
        node1.example.org,node3.example.com
        """;
    return Stream.of(
        PinnedRoll.ok(
            "no node offline",
            DATA,
            "--no-headers",
            """
            node1.example.org,node3
            node1.example.com
            node2.example.com,node3.example.com
            """),
        PinnedRoll.ok("full name", DATA, "--no-headers -O node2.example.com", withoutNode2),
        PinnedRoll.ok("unique short name", DATA, "--no-headers -O node2", withoutNode2),
        PinnedRoll.ok(
            "unique name cut at its last dot", DATA, "--no-headers -O node2.example", withoutNode2),
        PinnedRoll.ok(
            "a full name that also starts another node's name",
            DATA,
            "--no-headers -O node3",
            """
            node1.example.com,node2.example.com
            node1.example.org,node3.example.com
            """),
        PinnedRoll.ok(
            "the other node, by its unique short name",
            DATA,
            "--no-headers -O node3.example",
            """
            node1.example.com,node2.example.com
            node1.example.org,node3
            """),
        PinnedRoll.ok(
            "one of two nodes of the same short name, by its full name",
            DATA,
            "--no-headers -O node1.example.org",
            """
            node1.example.com,node3
            node2.example.com,node3.example.com
            """),
        PinnedRoll.fails("ambiguous short name", DATA, "--no-headers -O node1", WRONG + "node1\n"),
        PinnedRoll.fails(
            "ambiguous name cut at a dot",
            DATA,
            "--no-headers -O node1.example",
            WRONG + "node1.example\n"),
        PinnedRoll.fails(
            "a prefix not ending at a dot", DATA, "--no-headers -O node", WRONG + "node\n"),
        PinnedRoll.fails(
            "a full name cut short",
            DATA,
            "--no-headers -O node2.example.co",
            WRONG + "node2.example.co\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void maintctlAnswersAsPinned(PinnedRoll.Case c) throws Exception {
    PinnedRoll.assertMaintctl(c, tmp);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void hrollerAnswersAsPinned(PinnedRoll.Case c) throws Exception {
    PinnedRoll.assertHroller(c, tmp, HrollerOfflineNamesTest::withoutEmptyLine);
  }

  private static String withoutEmptyLine(String hrollerErr) {
    return hrollerErr.startsWith(WRONG) && hrollerErr.endsWith("\n\n")
        ? hrollerErr.substring(0, hrollerErr.length() - 1)
        : hrollerErr;
  }
}
