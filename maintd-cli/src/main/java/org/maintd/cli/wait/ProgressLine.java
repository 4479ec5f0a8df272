package org.maintd.cli.wait;

import java.io.PrintStream;
import org.maintd.cli.output.Terminal;
import org.maintd.cli.output.Tone;

/**
 * The progress line of a wait, on standard error: on a terminal one line, rewritten in place each
 * time it changes (coloured by the state of the work where the terminal takes colour: waiting
 * yellow, done green, failed red); elsewhere one line per change. Not thread-safe.
 */
public final class ProgressLine {
  private final PrintStream out;
  private final Terminal terminal;
  private String shown = "";

  public ProgressLine(PrintStream out, Terminal terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** Shows {@code look}'s line, unless it is the line shown last. */
  void show(Look<?> look) {
    if (look.line().equals(shown)) {
      return;
    }
    shown = look.line();
    String painted = terminal.paint(tone(look), shown);
    if (terminal.interactive()) {
      out.print("\r\033[K" + painted);
    } else {
      out.println(painted);
    }
    out.flush();
  }

  /** Ends the line on a terminal, so that what follows starts on a line of its own. */
  void end() {
    if (terminal.interactive() && !shown.isEmpty()) {
      out.println();
    }
  }

  private static Tone tone(Look<?> look) {
    if (look instanceof Look.Going<?>) {
      return Tone.WAITING;
    }
    if (look instanceof Look.Done<?>) {
      return Tone.DONE;
    }
    if (look instanceof Look.Failed<?>) {
      return Tone.FAILED;
    }
    throw new IllegalStateException("no tone for " + look);
  }
}
