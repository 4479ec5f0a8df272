package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** hbal's {@code -U} file, refused in hbal's words (htools-dynutil.test and hbal 3.0.2). */
class UtilisationTextTest {
  @Test
  void eachLineIsAnInstanceAndItsFourFigures() {
    assertEquals(
        Map.of(
            "web1", new Utilisation(0.5, 2, 1000, -1),
            "db", new Utilisation(3, 0, 0, 0)),
        UtilisationText.read("web1 0.5 2 1e3 -1\ndb 1 1 1 1\ndb 3 0 0 0\n"));
    assertEquals(Map.of(), UtilisationText.read(""));
    assertEquals(
        "Cannot parse line inst 1 1 1 1 ",
        assertThrows(IllegalArgumentException.class, () -> UtilisationText.read("inst 1 1 1 1 "))
            .getMessage(),
        "a trailing space is a sixth, empty field");
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource(
      delimiter = ';',
      value = {
        "a;Cannot parse line a",
        "a b c d e f g h;Cannot parse line a b c d e f g h",
        "inst  1 1 1 1;Cannot parse line inst  1 1 1 1",
        "inst cpu mem dsk net;inst: cannot parse string 'cpu'",
        "inst 1 mem dsk net;inst: cannot parse string 'mem'",
        "inst 1 1 dsk net;inst: cannot parse string 'dsk'",
        "inst 1 1 1 net;inst: cannot parse string 'net'",
        "inst .5 1 1 1;inst: cannot parse string '.5'",
        "inst +1 1 1 1;inst: cannot parse string '+1'",
        "inst 1e400 1 1 1;inst: cannot parse string '1e400'",
        "inst NaN 1 1 1;inst: cannot parse string 'NaN'"
      })
  void aLineOfAnotherShapeIsRefusedSayingWhich(String line, String message) {
    assertEquals(
        message,
        assertThrows(IllegalArgumentException.class, () -> UtilisationText.read(line + "\n"))
            .getMessage());
  }
}
