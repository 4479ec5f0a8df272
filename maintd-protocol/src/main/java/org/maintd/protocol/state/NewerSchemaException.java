package org.maintd.protocol.state;

/**
 * A state file written by a newer maintd: it declares a schema above {@link StateFile#SCHEMA}, the
 * newest this maintd reads. Nothing else in it is read, since a newer schema may hold fields and
 * values this maintd does not know; the message names both schemas. Immutable.
 */
public final class NewerSchemaException extends IllegalArgumentException {
  private final int schema;

  NewerSchemaException(int schema) {
    super(
        "state: written by a newer maintd (schema "
            + schema
            + "); this one reads up to schema "
            + StateFile.SCHEMA);
    this.schema = schema;
  }

  /** Refuses a file that declares {@code schema}, when it is newer than this maintd reads. */
  static void refuseAbove(int schema) {
    if (schema > StateFile.SCHEMA) {
      throw new NewerSchemaException(schema);
    }
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
