package org.maintd.daemon.zookeeper;

import java.util.List;
import java.util.Optional;
import org.maintd.protocol.state.StateEnvelope;

/**
 * What {@code /state} holds as an import finds it, before writing over it: the version of the
 * header (which the import's write must still find), the header when it is maintd's (its epoch and
 * chunks), and what it decodes to. Immutable.
 */
record StoredState(int version, Optional<StateEnvelope> envelope, Content content) {

  /** The state as maintd reads it, or the bytes it could not read. */
  sealed interface Content {}

  /** A state maintd reads: the state file's text, and its serial. */
  record Decoded(String text, long serial) implements Content {}

  /**
   * A state maintd cannot read ({@code reason}): the header's bytes, and those of every chunk it
   * names that is there ({@code named} is how many it names).
   */
  record Undecodable(byte[] header, List<byte[]> chunks, int named, String reason)
      implements Content {
    Undecodable {
      chunks = List.copyOf(chunks);
    }
  }
}
