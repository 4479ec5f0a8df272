package org.maintd.protocol.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.maintd.spi.MaintdState;

/**
 * The state file's text, as {@link StateFile} binds it. A file that cannot be read is an {@link
 * IllegalArgumentException} that names what is wrong: {@link NotJsonException} when it is not JSON
 * text; {@link NewerSchemaException} when a newer maintd wrote it; else the field by its path
 * ({@code incidents[0].repair-status}) and the value maintd cannot read, a value it does not know
 * among them. Thread-safe.
 */
public final class StateCodec {

  public String write(MaintdState s) {
    try {
      return Mappers.RECORDS.writeValueAsString(StateFile.of(s));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write the state: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Parses a state file, the fields of an older schema it lacks at their defaults. A file of a
   * newer schema than this maintd reads is a {@link NewerSchemaException}, whatever else it holds.
   */
  public MaintdState read(String text) {
    return read(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Parses a state file's bytes (UTF-8), as {@link #read(String)}. */
  public MaintdState read(byte[] bytes) {
    DeclaredSchema.of(bytes).ifPresent(NewerSchemaException::refuseAbove);
    StateFile file;
    try {
      file = Mappers.RECORDS.readValue(bytes, StateFile.class);
    } catch (IOException e) {
      throw unbound(e, tree(bytes));
    }
    return state(file);
  }

  /**
   * Parses a state file that must be complete: as {@link #read(byte[])}, and an {@link
   * IncompleteStateException} naming every field a state of its schema holds that it lacks, or
   * holds with another JSON type (see {@link StateCompleteness}).
   */
  public MaintdState readComplete(byte[] bytes) {
    MaintdState state = read(bytes);
    StateCompleteness.check(tree(bytes), Mappers.RECORDS.valueToTree(StateFile.of(state)));
    return state;
  }

  private static JsonNode tree(byte[] bytes) {
    JsonNode tree;
    try {
      tree = Mappers.RECORDS.readTree(bytes);
    } catch (JsonProcessingException e) {
      throw new NotJsonException(
          e.getOriginalMessage()
              + (e.getLocation() == null
                  ? ""
                  : " (line "
                      + e.getLocation().getLineNr()
                      + ", column "
                      + e.getLocation().getColumnNr()
                      + ")"));
    } catch (IOException e) {
      throw new NotJsonException(e.getMessage());
    }
    if (tree == null || tree.isMissingNode()) {
      throw new NotJsonException("there is no JSON value in it");
    }
    return tree;
  }

  /** Why {@code tree} (the file's JSON, which must be there) did not bind to a state file. */
  private static IllegalArgumentException unbound(IOException e, JsonNode tree) {
    if (!tree.isObject()) {
      return new IllegalArgumentException(
          "state: it is a JSON "
              + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT)
              + ", not an object");
    }
    if (e instanceof JsonMappingException m) {
      return new IllegalArgumentException("state: " + BindingErrors.of(m, tree).getMessage(), e);
    }
    return new IllegalArgumentException("state: " + e.getMessage(), e);
  }

  private static MaintdState state(StateFile file) {
    try {
      NullFields.check(file);
      return file.state();
    } catch (NewerSchemaException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("state: " + e.getMessage(), e);
    }
  }
}
