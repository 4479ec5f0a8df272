package org.maintd.protocol.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Client text on one line: line breaks, tabs and every other control (terminal escapes,
 * bidirectional overrides, zero-width characters, separators) come out as escapes, a backslash
 * doubled so that an escape cannot be faked; printable text of any script stays as it is.
 */
class EscapedTest {
  @ParameterizedTest(name = "U+{0}")
  @CsvSource({
    "0000, \\u0000",
    "000A, \\n",
    "000D, \\r",
    "0009, \\t",
    "001B, \\u001b",
    "007F, \\u007f",
    "0085, \\u0085",
    "200B, \\u200b",
    "200E, \\u200e",
    "2028, \\u2028",
    "2029, \\u2029",
    "202E, \\u202e",
    "2066, \\u2066",
    "FEFF, \\ufeff",
    "E0001, \\U000e0001",
    "005C, \\\\",
  })
  void eachControlCharacterComesOutAsAnEscape(String hex, String escape) {
    String c = Character.toString(Integer.parseInt(hex, 16));
    assertEquals(
        "ok " + escape + "ERROR Forged log line", Escaped.of("ok " + c + "ERROR Forged log line"));
  }

  @Test
  void printableTextOfAnyScriptIsLeftAsItIs() {
    String text = "node3: Wartung für Knoten — 维护 😀 {\"a\": [1]} 'x' 100%";
    assertEquals(text, Escaped.of(text));
    assertTrue(Escaped.of(text) == text, "not copied when nothing is escaped");
  }

  @Test
  void noEscapedTextHoldsALineBreakAndNoneCanPassForAnother() {
    String forged = "ok\nERROR Forged log line\r\n\u001b[31m\u202etxt";
    String escaped = Escaped.of(forged);
    assertEquals("ok\\nERROR Forged log line\\r\\n\\u001b[31m\\u202etxt", escaped);
    assertEquals(1, escaped.lines().count());
    assertEquals("a\\\\nb", Escaped.of("a\\nb"), "a backslash and n sent as text stay two");
    assertEquals("null", Escaped.of(null));
  }
}
