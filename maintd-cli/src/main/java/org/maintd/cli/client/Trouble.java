package org.maintd.cli.client;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What went wrong between maintctl and maintd, as a value: {@link Wording} turns it into the words
 * the operator reads, with what to do next. Immutable.
 */
public sealed interface Trouble {
  /** The key file to sign changes with, and where it was named (an option or a variable). */
  record KeyFile(Path path, String namedBy) {}

  /** Why no connection could be made. */
  enum Reach {
    REFUSED,
    NO_SUCH_HOST,
    TIMED_OUT,
    OTHER
  }

  /** No connection to the daemon at {@code daemon}; {@code detail} is the network's word. */
  record Unreachable(URI daemon, Reach reach, String detail) implements Trouble {}

  /** The daemon took the request but gave no answer within {@code seconds}. */
  record Silent(URI daemon, long seconds) implements Trouble {}

  /** The daemon speaks the other protocol: {@code use} is the URL to use instead. */
  record WrongScheme(URI daemon, String use) implements Trouble {}

  /** TLS with the daemon failed: its certificate is not trusted, or the handshake broke. */
  record TlsFailed(URI daemon, String detail) implements Trouble {}

  /**
   * The daemon answered {@code status} with {@code {"error": code, "message": message}} to {@code
   * method path}; {@code retryAfter} its {@code Retry-After} in seconds; {@code signedWith} the key
   * the request was signed with, if it was.
   */
  record Refused(
      URI daemon,
      String method,
      String path,
      int status,
      String code,
      String message,
      Optional<Long> retryAfter,
      Optional<KeyFile> signedWith)
      implements Trouble {}

  /** A standby refused a change and names no leader: none leads now. */
  record NoLeader(URI standby, String message) implements Trouble {}

  /** A standby named {@code leader}, which could not be reached. */
  record LeaderUnreachable(URI standby, Unreachable leader) implements Trouble {}

  /** A standby named {@code leader}, which does not lead either (not yet, or no longer). */
  record LeaderMoved(URI standby, URI leader) implements Trouble {}

  /** No key file was given, and the request is a change. */
  record NoKeyFile() implements Trouble {}

  /** The key file cannot be read, or holds no key; {@code why} in a few words. */
  record KeyUnreadable(KeyFile key, String why) implements Trouble {}

  /**
   * The answer to {@code path} is not the JSON maintd sends; {@code start} its first characters.
   */
  record NotMaintd(URI daemon, String path, String start) implements Trouble {}
}
