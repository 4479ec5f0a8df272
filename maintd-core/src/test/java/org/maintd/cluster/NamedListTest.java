package org.maintd.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A named list finds and changes items by name without searching: the names are read once for any
 * number of look-ups and changes under the same names, and again only after a change renames an
 * item; it answers as a search of the list would.
 */
class NamedListTest {
  /** Items are "name=value"; the name function counts its calls. */
  private int reads;

  private final Function<String, String> nameOf =
      s -> {
        reads++;
        return s.substring(0, s.indexOf('='));
      };

  private NamedList<String> list(String... items) {
    return NamedList.of(Arrays.asList(items), nameOf);
  }

  @Test
  void aThousandLookUpsAndChangesUnderTheSameNamesReadEachNameOnce() {
    List<String> items = new ArrayList<>();
    for (int k = 0; k < 1000; k++) {
      items.add("i" + k + "=0");
    }
    NamedList<String> l = NamedList.of(items, nameOf);
    for (int k = 0; k < 1000; k++) {
      String name = "i" + (k * 7 % 1000);
      l =
          l.changed(
              name, s -> name + "=" + (Integer.parseInt(s.substring(s.indexOf('=') + 1)) + 1));
      assertEquals(Optional.of(name + "=1"), l.first(name));
    }
    assertEquals(1000 + 1000, reads, "each name read once to index, each changed item once");
  }

  @ParameterizedTest
  @CsvSource({"a, a=1", "b, b=2", "c, ''", "'', ''"})
  void theFirstOfANameIsFoundAsASearchFindsIt(String name, String found) {
    NamedList<String> l = list("a=1", "b=2", "a=3");
    assertEquals(found.isEmpty() ? Optional.empty() : Optional.of(found), l.first(name));
  }

  @Test
  void everyItemOfANameIsChangedInPlaceAndNoOther() {
    NamedList<String> l = list("a=1", "b=2", "a=3");
    assertEquals(List.of("a=1!", "b=2", "a=3!"), l.changed("a", s -> s + "!"));
    assertSame(l, l.changed("z", s -> s + "!"), "nothing of that name: the same list");
    assertEquals(List.of("a=1", "b=2", "a=3"), l, "the list itself is unchanged");
  }

  @Test
  void anItemRenamedByAChangeIsFoundUnderItsNewNameOnly() {
    NamedList<String> l = list("a=1", "b=2").changed("a", s -> "c=1");
    assertEquals(Optional.empty(), l.first("a"));
    assertEquals(Optional.of("c=1"), l.first("c"));
    assertEquals(Optional.of("b=2"), l.first("b"));
  }

  @Test
  void nullItemsAreRefused() {
    assertThrows(NullPointerException.class, () -> list("a=1", null));
    assertThrows(NullPointerException.class, () -> list("a=1").changed("a", s -> null));
  }
}
