package org.maintd.daemon.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.http.ListReads;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.htools.HtoolsReader;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;

/**
 * The node table's pages, cut as {@code /1/nodes} cuts them: at most fifty nodes, the next page's
 * link beginning after the last one shown and keeping the form's filters, none after the last page;
 * empty form fields filter nothing; a filter the API refuses is shown in the API's words.
 */
class NodePageTest {
  /** 120 nodes n000 to n119 in groups g0 to g2 in turn, every tenth offline (DOWN). */
  private static final DaemonView VIEW = view();

  private final ListReads lists = new ListReads();

  @ParameterizedTest(name = "{0}: {1} shown, first {2}, last {3}, next {4}")
  @CsvSource({
    "'', 50, n000, n049, ?after=n049",
    "after=n049, 50, n050, n099, ?after=n099",
    "after=n099, 20, n100, n119, ''",
    "after=n118, 1, n119, n119, ''",
    "group=g1, 40, n001, n118, ''",
    "group=g1&mode=&name=, 40, n001, n118, ''",
    "mode=down, 12, n000, n110, ''",
    "name=n11*&mode=UP, 9, n111, n119, ''",
    "mode=UP, 50, n001, n055, ?mode=UP&after=n055",
  })
  void aPageShowsAtMostFiftyAndLinksTheNextWithItsFilters(
      String query, int shown, String first, String last, String next) {
    NodePage page = NodePage.of(lists, VIEW, NodeFilter.of(fields(query)));
    assertEquals(Optional.empty(), page.problem());
    assertEquals(shown, page.rows().size());
    assertEquals(first, page.rows().get(0).name());
    assertEquals(last, page.rows().get(page.rows().size() - 1).name());
    assertEquals(next.isEmpty() ? Optional.empty() : Optional.of(next), page.next());
    assertEquals(120, page.total());
    assertEquals(List.of("g0", "g1", "g2"), page.groups());
  }

  @Test
  void aFilterTheApiRefusesIsShownInItsWords() {
    NodePage page = NodePage.of(lists, VIEW, NodeFilter.of(fields("mode=sideways")));
    assertEquals(List.of(), page.rows());
    assertTrue(
        page.problem().orElseThrow().contains("a mode is UP, DRAIN or DOWN"),
        page.problem().toString());
    NodePage gone = NodePage.of(lists, VIEW, NodeFilter.of(fields("after=n999")));
    assertTrue(
        gone.problem().orElseThrow().contains("'n999' is not among the nodes"),
        gone.problem().toString());
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

  private static DaemonView view() {
    String groups =
        IntStream.range(0, 3)
            .mapToObj(g -> "g" + g + "|g" + g + "-uuid|preferred||")
            .collect(Collectors.joining("\n"));
    String nodes =
        IntStream.range(0, 120)
            .mapToObj(
                k ->
                    String.format(
                        "n%03d|16384|1024|15360|200000|200000|8|%s|g%d-uuid|1||N|0|8|1.0",
                        k, k == 1 ? "M" : k % 10 == 0 ? "Y" : "N", k % 3))
            .collect(Collectors.joining("\n"));
    Instant now = Instant.parse("2026-11-29T12:00:00Z");
    return new DaemonView(
        MaintdState.initial(now),
        new HtoolsReader().read(groups + "\n\n" + nodes + "\n\n\n\n", "t"),
        Map.of(),
        PlanSnapshot.none(),
        "");
  }
}
