package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Instance names found as the htools find them: the name itself, or one name it starts, dotted. */
class InstanceLookupTest {
  private static final List<String> NAMES =
      List.of(
          "web1.example.com", "web", "web.example.com", "db1.a.example", "db1.b.example", "mail");

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "web1.example.com, web1.example.com",
    "web1, web1.example.com",
    "web1.example, web1.example.com",
    "web, web",
    "db1, ''",
    "db1.a, db1.a.example",
    "we, ''",
    "mail, mail",
    "mail.example.com, ''",
    "WEB1, ''",
    "'', ''"
  })
  void aNameMatchesItselfOrTheOneNameItStartsWithADot(String key, String found) {
    assertEquals(
        found.isEmpty() ? Optional.empty() : Optional.of(found), InstanceLookup.find(NAMES, key));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {"web1,db1,mail,x | db1,x", "web | ''"})
  void unknownNamesAreTheOnesThatMatchNothing(String keys, String unknown) {
    assertEquals(
        unknown.isEmpty() ? List.of() : List.of(unknown.split(",")),
        InstanceLookup.unknown(NAMES, List.of(keys.split(","))));
  }
}
