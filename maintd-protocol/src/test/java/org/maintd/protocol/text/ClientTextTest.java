package org.maintd.protocol.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bounds of client text, at and around each: a hostname of 253 characters is taken and one of
 * 254 is not, a reason of 500 and not 501; a control character anywhere is refused with its code
 * point and position, and so is a character outside a name's alphabet.
 */
class ClientTextTest {
  private static String refused(ClientText rule, String field, String value) {
    return assertThrows(IllegalArgumentException.class, () -> rule.check(field, value))
        .getMessage();
  }

  @ParameterizedTest(name = "{0} of {1}")
  @CsvSource({
    "HOSTNAME, 1, true",
    "HOSTNAME, 252, true",
    "HOSTNAME, 253, true",
    "HOSTNAME, 254, false",
    "HOSTNAME, 10000, false",
    "NAME, 253, true",
    "NAME, 254, false",
    "TAG, 128, true",
    "TAG, 129, false",
    "REASON, 0, true",
    "REASON, 499, true",
    "REASON, 500, true",
    "REASON, 501, false",
    "REASON, 900000, false",
    "IP, 45, true",
    "IP, 46, false",
  })
  void textIsTakenUpToItsBound(String rule, int length, boolean taken) throws Exception {
    ClientText r = (ClientText) ClientText.class.getField(rule).get(null);
    String value = "a".repeat(length);
    if (taken) {
      assertEquals(value, r.check("f", value));
    } else {
      assertEquals(
          "'f' is "
              + length
              + " characters long: "
              + r.kind()
              + " is at most "
              + r.max()
              + " characters",
          refused(r, "f", value));
    }
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource({
    "0, U+0000, 4",
    "10, U+000A, 4",
    "13, U+000D, 4",
    "9, U+0009, 4",
    "27, U+001B, 4",
    "127, U+007F, 4",
    "133, U+0085, 4",
    "8232, U+2028, 4",
    "8238, U+202E, 4",
    "8294, U+2066, 4",
    "8203, U+200B, 4",
    "65279, U+FEFF, 4",
  })
  void aControlCharacterIsRefusedWithItsCodePointAndPosition(
      int codePoint, String shown, int position) {
    String value = "abc" + Character.toString(codePoint) + "ERROR Forged log line";
    assertEquals(
        "'reason' holds the control character "
            + shown
            + " at position "
            + position
            + ": a reason is printable characters, with no line breaks, tabs or terminal controls",
        refused(ClientText.REASON, "reason", value));
    assertEquals(
        "'windows[0].machine_ids[1].hostname' holds the control character "
            + shown
            + " at position "
            + position
            + ": a hostname is letters, digits, '-' and '.', with no line breaks, tabs or terminal"
            + " controls",
        refused(ClientText.HOSTNAME, "windows[0].machine_ids[1].hostname", value));
  }

  @Test
  void aPositionCountsCharactersNotUtf16Units() {
    assertEquals(
        "'reason' holds the control character U+000A at position 3: a reason is printable"
            + " characters, with no line breaks, tabs or terminal controls",
        refused(ClientText.REASON, "reason", "\uD83D\uDE00\u00e9\nx"));
    assertEquals(
        "Wartung für Knoten 3 — 😀",
        ClientText.REASON.check("reason", "Wartung für Knoten 3 — 😀"));
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "HOSTNAME|node_5|'h' holds '_' (U+005F) at position 5: a hostname is letters, digits, '-'"
            + " and '.'",
        "HOSTNAME|../etc|'h' holds '/' (U+002F) at position 3: a hostname is letters, digits, '-'"
            + " and '.'",
        "HOSTNAME|nöde|'h' holds 'ö' (U+00F6) at position 2: a hostname is letters, digits, '-'"
            + " and '.'",
        "HOSTNAME|a b|'h' holds ' ' (U+0020) at position 2: a hostname is letters, digits, '-'"
            + " and '.'",
        "TAG|maintd consent|'h' holds ' ' (U+0020) at position 7: a tag is letters, digits and"
            + " _ . + * / : @ -",
        "NAME|grp;rm|'h' holds ';' (U+003B) at position 4: a name is letters, digits, '-', '.'"
            + " and '_'",
      })
  void aCharacterOutsideTheAlphabetIsRefusedWithItsCodePointAndPosition(
      String rule, String value, String message) throws Exception {
    ClientText r = (ClientText) ClientText.class.getField(rule).get(null);
    assertEquals(message, refused(r, "h", value));
  }

  @Test
  void namesOfTheirAlphabetAreTaken() {
    assertEquals("node5.example.com", ClientText.HOSTNAME.check("h", "node5.example.com"));
    assertEquals("N-2", ClientText.HOSTNAME.check("h", "N-2"));
    assertEquals("inst_01.db", ClientText.NAME.check("h", "inst_01.db"));
    assertEquals(
        "maintd:consent:decline:backup+1@x/y*z",
        ClientText.TAG.check("t", "maintd:consent:decline:backup+1@x/y*z"));
    assertEquals("fe80::1%eth0", ClientText.IP.check("ip", "fe80::1%eth0"));
    assertEquals(null, ClientText.HOSTNAME.check("h", null));
  }

  @ParameterizedTest(name = "{0} of at most {1}")
  @CsvSource({"10000, 10000, true", "10001, 10000, false", "0, 32, true"})
  void aCountIsTakenUpToItsBound(int size, int max, boolean taken) {
    if (taken) {
      assertEquals(size, ClientText.count("machines in the schedule", size, max));
    } else {
      assertEquals(
          "the request has " + size + " machines in the schedule: at most " + max + " are taken",
          assertThrows(
                  IllegalArgumentException.class,
                  () -> ClientText.count("machines in the schedule", size, max))
              .getMessage());
    }
  }
}
