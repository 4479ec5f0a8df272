package org.maintd.protocol.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import org.maintd.protocol.json.JsonPaths;
import org.maintd.spi.MaintdState;

/** The state file's text, as {@link StateFile} binds it. Thread-safe. */
public final class StateCodec {

  public String write(MaintdState s) {
    try {
      return Mappers.RECORDS.writeValueAsString(StateFile.of(s));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write the state: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Parses a state file; throws {@link IllegalArgumentException} naming what is wrong and where.
   */
  public MaintdState read(String text) {
    StateFile file;
    try {
      file = Mappers.RECORDS.readValue(text, StateFile.class);
    } catch (JsonMappingException e) {
      throw new IllegalArgumentException(
          "state: field '" + JsonPaths.of(e) + "' cannot be read: " + e.getOriginalMessage());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
    }
    try {
      return file.state();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("state: " + e.getMessage(), e);
    }
  }
}
