package org.maintd.daemon.store;

import java.nio.file.Path;

/**
 * What an operator's import replaced, kept before it was written over: nothing, a state maintd
 * could read (kept as a state file an import takes back), or one it could not (kept as its bytes).
 * Each case says it in its own words. Immutable.
 */
public sealed interface Replaced {

  /** How the import's message says it, after the import itself. */
  String said();

  /** No state was stored. */
  record Nothing() implements Replaced {
    @Override
    public String said() {
      return "no state was stored before";
    }
  }

  /** A state maintd could read, its {@code serial}, kept in {@code copy} as a state file. */
  record Readable(long serial, Path copy) implements Replaced {
    @Override
    public String said() {
      return "the state it replaced (serial " + serial + ") is kept in " + copy;
    }
  }

  /** A state maintd could not read, kept in {@code copy} as {@code bytes} says. */
  record Unreadable(Path copy, String bytes) implements Replaced {
    @Override
    public String said() {
      return "the unreadable state it replaced is kept in " + copy + " (" + bytes + ")";
    }
  }
}
