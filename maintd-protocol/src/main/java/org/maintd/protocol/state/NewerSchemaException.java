package org.maintd.protocol.state;

import java.util.Optional;

/**
 * A state file written by a newer maintd: it declares a schema above {@link StateFile#SCHEMA}, the
 * newest this maintd reads. Nothing else in it is read, since a newer schema may hold fields and
 * values this maintd does not know; the message names both schemas. Immutable.
 */
public final class NewerSchemaException extends IllegalArgumentException {
  private final int schema;

  NewerSchemaException(int schema) {
    super("state: " + writtenBy(schema));
    this.schema = schema;
  }

  private static String writtenBy(int schema) {
    return "written by a newer maintd (schema "
        + schema
        + "); this one reads up to schema "
        + StateFile.SCHEMA;
  }

  /** What refused it, for a message: {@code written by a newer maintd (schema 8); this one ...}. */
  public String writtenBy() {
    return writtenBy(schema);
  }

  /** Refuses a file that declares {@code schema}, when it is newer than this maintd reads. */
  static void refuseAbove(int schema) {
    if (schema > StateFile.SCHEMA) {
      throw new NewerSchemaException(schema);
    }
  }

  /** The refusal of a newer schema among {@code e} and its causes; empty when there is none. */
  public static Optional<NewerSchemaException> in(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NewerSchemaException newer) {
        return Optional.of(newer);
      }
    }
    return Optional.empty();
  }

  /** The schema the file declares. */
  public int schema() {
    return schema;
  }

  /** The newest schema this maintd reads. */
  public int readable() {
    return StateFile.SCHEMA;
  }
}
