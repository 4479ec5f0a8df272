package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.http.HttpError;

/**
 * Pages cut out of a list: filters, {@code limit} and {@code after} at and around their edges, and
 * the query's parameters refused by name when the list does not take them.
 */
class ListingTest {
  /** A row: a name and a colour; keyed by name. */
  private record Row(String name, String colour) {}

  private static final List<Row> ROWS =
      List.of(
          new Row("a1", "red"),
          new Row("a2", "blue"),
          new Row("a3", "red"),
          new Row("b1", "red"),
          new Row("b2", "blue"));

  private static final Listing<Row> LISTING =
      new Listing<>(
          "rows",
          Row::name,
          Map.of(
              "colour",
              v -> {
                if (!Set.of("red", "blue").contains(v)) {
                  throw new IllegalArgumentException("red or blue, not '" + v + "'");
                }
                return r -> r.colour().equals(v);
              },
              "name",
              v -> {
                NamePattern p = NamePattern.of(v);
                return r -> p.matches(r.name());
              }),
          Listing.fieldsOf(Row.class));

  private static Page<Row> page(String query) {
    Fields fields = new Fields();
    if (!query.isEmpty()) {
      for (String pair : query.split("&")) {
        String[] kv = pair.split("=", 2);
        fields.add(kv[0], kv.length > 1 ? kv[1] : "");
      }
    }
    return LISTING.page(ROWS, ListQuery.of(fields, LISTING));
  }

  private static String names(Page<Row> p) {
    return String.join(",", p.items().stream().map(Row::name).toList());
  }

  @ParameterizedTest(name = "?{0} gives {1}, next {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''|a1,a2,a3,b1,b2|-",
        "limit=1|a1|a1",
        "limit=4|a1,a2,a3,b1|b1",
        "limit=5|a1,a2,a3,b1,b2|-",
        "limit=6|a1,a2,a3,b1,b2|-",
        "after=a1|a2,a3,b1,b2|-",
        "after=b1|b2|-",
        "after=b2|''|-",
        "limit=2&after=a2|a3,b1|b1",
        "colour=red|a1,a3,b1|-",
        "colour=red&limit=2|a1,a3|a3",
        "colour=red&limit=3|a1,a3,b1|-",
        "colour=red&after=a2|a3,b1|-",
        "colour=blue&after=a2|b2|-",
        "name=a*|a1,a2,a3|-",
        "name=?2|a2,b2|-",
        "name=A3|a3|-",
        "name=a|''|-",
        "name=a*&colour=red&limit=1|a1|a1",
      })
  void aPageHasTheItemsAfterItsCursorThatPassEveryFilterUpToItsLimit(
      String query, String items, String next) {
    Page<Row> p = page(query);
    assertEquals(items, names(p));
    assertEquals(next.equals("-") ? Optional.empty() : Optional.of(next), p.next());
  }

  @Test
  void followingTheNextKeysWalksTheWholeFilteredListOnce() {
    StringBuilder seen = new StringBuilder();
    Optional<String> after = Optional.empty();
    int pages = 0;
    do {
      Page<Row> p = page("colour=red&limit=1" + after.map(a -> "&after=" + a).orElse(""));
      seen.append(names(p)).append(' ');
      after = p.next();
      pages++;
    } while (after.isPresent());
    assertEquals("a1 a3 b1 ", seen.toString());
    assertEquals(3, pages);
  }

  @ParameterizedTest(name = "?{0} is refused naming {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "limit=0|limit: a whole number from 1 to 100000, not '0'",
        "limit=100001|not '100001'",
        "limit=-3|not '-3'",
        "limit=ten|not 'ten'",
        "limit=|not ''",
        "after=c9|after: 'c9' is not among the rows",
        "shape=round|unknown parameter 'shape': rows take colour, name, fields, limit, after",
        "colour=green|filter 'colour': red or blue, not 'green'",
        "name=|filter 'name': an empty name matches no node",
        "fields=name,size|fields: rows have no field 'size' (they have colour, name)",
        "limit=1&limit=2|parameter 'limit' given more than once",
      })
  void aQueryTheListDoesNotTakeIsRefusedNamingWhatIsWrong(String query, String message) {
    HttpError e = assertThrows(HttpError.class, () -> page(query));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void theLimitsEdgesAreTaken() {
    assertEquals(5, page("limit=100000").items().size());
    assertEquals(1, page("limit=1").items().size());
  }

  @Test
  void fieldsAreTheJsonNamesOfTheItemsType() {
    assertEquals(Set.of("name", "colour"), Listing.fieldsOf(Row.class));
    assertEquals(
        List.of("colour", "name"),
        ListQuery.of(fields("fields", "colour,name,colour"), LISTING).fields(),
        "in the order asked, each once");
  }

  private static Fields fields(String... kv) {
    Fields f = new Fields();
    for (int i = 0; i < kv.length; i += 2) {
      f.add(kv[i], kv[i + 1]);
    }
    return f;
  }

  @Test
  void aListWithoutFieldsRefusesToChooseThem() {
    Listing<Long> numbers = new Listing<>("jobs", String::valueOf, Map.of(), Set.of());
    HttpError e =
        assertThrows(HttpError.class, () -> ListQuery.of(fields("fields", "id"), numbers));
    assertEquals("jobs have no fields to choose", e.getMessage());
    assertEquals(
        List.of(3L, 4L),
        numbers
            .page(Arrays.asList(1L, 2L, 3L, 4L), ListQuery.of(fields("after", "2"), numbers))
            .items());
  }
}
