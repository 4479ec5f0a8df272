package org.maintd.protocol.state;

import java.util.List;

/**
 * A state file that maintd can read but that is not a complete state of its schema: it lacks fields
 * a state holds, or holds some with another JSON type, which reading it would fill in with defaults
 * or convert. Each is named by its path: {@code roundDelay (a number)}, {@code serial_no is a
 * string, not a number}. Immutable.
 */
public final class IncompleteStateException extends IllegalArgumentException {
  private final int schema;
  private final List<String> lacking;
  private final List<String> mistyped;

  IncompleteStateException(int schema, List<String> lacking, List<String> mistyped) {
    super(describe(schema, lacking, mistyped));
    this.schema = schema;
    this.lacking = List.copyOf(lacking);
    this.mistyped = List.copyOf(mistyped);
  }

  private static String describe(int schema, List<String> lacking, List<String> mistyped) {
    StringBuilder b = new StringBuilder("schema ").append(schema).append(": ");
    if (!lacking.isEmpty()) {
      b.append("it lacks ").append(String.join(", ", lacking));
    }
    if (!mistyped.isEmpty()) {
      b.append(lacking.isEmpty() ? "" : "; ").append(String.join("; ", mistyped));
    }
    return b.toString();
  }

  /** The schema the file declares (1 when it declares none). */
  public int schema() {
    return schema;
  }

  /** The fields it lacks, each with the JSON type it must have. */
  public List<String> lacking() {
    return lacking;
  }

  /** The fields it holds with another JSON type, each saying which. */
  public List<String> mistyped() {
    return mistyped;
  }
}
