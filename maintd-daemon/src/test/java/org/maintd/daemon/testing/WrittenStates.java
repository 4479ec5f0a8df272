package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.maintd.protocol.state.StateFile;

/**
 * The state files the daemon of each schema wrote on the demo's simulated cluster
 * (maintd-protocol's {@code fixtures/from-daemons}, whose README names the commit of each), and one
 * as a newer maintd could write it. Stateless.
 */
public final class WrittenStates {
  private static final Path DIR =
      Path.of("..", "maintd-protocol", "src", "test", "resources", "fixtures", "from-daemons")
          .toAbsolutePath()
          .normalize();

  private WrittenStates() {}

  /** The state file the daemon of {@code schema} wrote. */
  public static byte[] of(int schema) throws IOException {
    return Files.readAllBytes(DIR.resolve("state-v" + schema + ".json"));
  }

  /**
   * This maintd's state file as one of the next schema could be: declared so, with a field this
   * maintd does not know.
   */
  public static byte[] newer() throws IOException {
    String text = new String(of(StateFile.SCHEMA), StandardCharsets.UTF_8);
    String head = "{\"schema\":" + StateFile.SCHEMA + ",";
    if (!text.startsWith(head)) {
      throw new IllegalStateException(
          "the state file of schema " + StateFile.SCHEMA + " begins " + text.substring(0, 20));
    }
    return ("{\"schema\":"
            + (StateFile.SCHEMA + 1)
            + ",\"fleet\":{\"racks\":[]},"
            + text.substring(head.length()))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** What this maintd says of {@link #newer()}'s schema. */
  public static final String NEWER_SAID =
      "written by a newer maintd (schema 8); this one reads up to schema 7";
}
