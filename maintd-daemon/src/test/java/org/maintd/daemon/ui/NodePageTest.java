package org.maintd.daemon.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.protocol.api.NodeView;

/**
 * The node table's pages: at most fifty nodes, the next page beginning after the last one shown,
 * none after the last page, and the filters of group, mode and name (a part of it, in any letter
 * case) kept in the next page's link.
 */
class NodePageTest {
  /** 120 nodes n000 to n119: groups g0 to g2 in turn, every tenth DOWN, the rest UP. */
  private static final List<NodeView> NODES =
      IntStream.range(0, 120)
          .mapToObj(k -> node(String.format("n%03d", k), "g" + k % 3, k % 10 == 0 ? "DOWN" : "UP"))
          .toList();

  @ParameterizedTest(name = "{0}: {1} shown of {2}, first {3}, last {4}, next {5}")
  @CsvSource({
    "'', 50, 120, n000, n049, ?after=n049",
    "after=n049, 50, 120, n050, n099, ?after=n099",
    "after=n099, 20, 120, n100, n119, ''",
    "after=n118, 1, 120, n119, n119, ''",
    "group=g1, 40, 40, n001, n118, ''",
    "mode=down, 12, 12, n000, n110, ''",
    "name=N11&mode=UP, 9, 9, n111, n119, ''",
    "mode=UP, 50, 108, n001, n055, ?mode=UP&after=n055",
  })
  void aPageShowsAtMostFiftyAndLinksTheNextWithItsFilters(
      String query, int shown, int matched, String first, String last, String next) {
    NodePage page = NodePage.of(NODES, NodeFilter.of(fields(query)));
    assertEquals(shown, page.rows().size());
    assertEquals(matched, page.matched());
    assertEquals(first, page.rows().get(0).name());
    assertEquals(last, page.rows().get(page.rows().size() - 1).name());
    assertEquals(next.isEmpty() ? Optional.empty() : Optional.of(next), page.next());
    assertEquals(List.of("g0", "g1", "g2"), page.groups());
  }

  @ParameterizedTest
  @CsvSource({"DRAIN, true", "up, true", "Down, true", "OFF, false", "UPP, false"})
  void aModeIsUpDrainOrDownInAnyCase(String mode, boolean known) {
    NodePage page = NodePage.of(NODES, NodeFilter.of(fields("mode=" + mode)));
    assertEquals(known, page.problem().isEmpty(), page.problem().toString());
    assertTrue(known || page.rows().isEmpty());
  }

  private static Fields fields(String query) {
    Fields f = new Fields();
    if (!query.isEmpty()) {
      for (String pair : query.split("&")) {
        String[] kv = pair.split("=", 2);
        f.add(kv[0], kv[1]);
      }
    }
    return f;
  }

  private static NodeView node(String name, String group, String mode) {
    return new NodeView(
        name,
        name + "-uuid",
        group,
        false,
        mode.equals("DOWN"),
        false,
        false,
        mode,
        List.of(),
        List.of(),
        List.of(),
        0,
        0,
        List.of(),
        new NodeView.Collector("ok", "Ok", null),
        null,
        null,
        false,
        "",
        null);
  }
}
