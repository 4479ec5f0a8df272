package org.maintd.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When maintctl colours: only on a terminal, never with NO_COLOR or -o json unless told (ms). */
class TerminalTest {
  @ParameterizedTest(name = "--color={0}, terminal {1}, NO_COLOR=''{2}'', json {3}: colour {4}")
  @CsvSource({
    "auto,   true,  '',  false, true",
    "auto,   false, '',  false, false",
    "auto,   true,  1,   false, false",
    "auto,   true,  '',  true,  false",
    "always, false, '',  false, true",
    "always, true,  1,   false, true",
    "always, true,  '',  true,  false",
    "never,  true,  '',  false, false",
    "never,  false, '',  false, false"
  })
  void coloursOnlyWhereAskedAndNeverInJson(
      Terminal.ColorChoice choice, boolean console, String noColor, boolean json, boolean colour) {
    Map<String, String> env = noColor.isEmpty() ? Map.of() : Map.of("NO_COLOR", noColor);
    Terminal t = Terminal.of(choice, console, env, json);
    assertEquals(colour, t.colour());
    assertEquals(console, t.interactive(), "a line is rewritten in place on a terminal only");
    assertEquals(colour ? "\033[32mdone\033[0m" : "done", t.paint(Tone.DONE, "done"));
  }
}
