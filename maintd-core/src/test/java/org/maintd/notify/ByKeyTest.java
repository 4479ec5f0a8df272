package org.maintd.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A stored list read by key: each key once, the last of its entries kept. */
class ByKeyTest {
  record Entry(String key, int n) {}

  static Stream<Arguments> lists() {
    Entry a1 = new Entry("a", 1);
    Entry a2 = new Entry("a", 2);
    Entry b1 = new Entry("b", 1);
    return Stream.of(
        Arguments.of("none", List.of(), Map.of()),
        Arguments.of("one", List.of(a1), Map.of("a", a1)),
        Arguments.of("two keys", List.of(a1, b1), Map.of("a", a1, "b", b1)),
        Arguments.of("one key twice", List.of(a1, a2), Map.of("a", a2)),
        Arguments.of("one key twice, apart", List.of(a2, b1, a1), Map.of("a", a1, "b", b1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lists")
  void eachKeyIsReadFromItsLastEntry(String name, List<Entry> entries, Map<String, Entry> byKey) {
    assertEquals(byKey, ByKey.lastOf(entries, Entry::key));
  }
}
