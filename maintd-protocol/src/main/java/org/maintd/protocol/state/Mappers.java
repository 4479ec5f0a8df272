package org.maintd.protocol.state;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.maintd.protocol.json.Json;

/**
 * The mapper for core records written as they are (campaigns, job specifications, the simulated
 * backend's cluster): {@link Json#MAPPER} with instants as seconds since the epoch. Thread-safe,
 * shared.
 */
public final class Mappers {
  public static final ObjectMapper RECORDS =
      Json.MAPPER.copy().registerModule(new JavaTimeModule());

  private Mappers() {}
}
