package org.maintd.cli.client;

import java.util.Optional;

/**
 * A request to the daemon failed, or a command cannot go on: the message is meant for the person at
 * the terminal. One that carries a {@link Trouble} is worded by {@link Wording}, for the command
 * that met it when that is known.
 */
public class ApiException extends RuntimeException {
  private final transient Optional<Trouble> trouble;

  public ApiException(String message) {
    super(message);
    this.trouble = Optional.empty();
  }

  public ApiException(Trouble trouble) {
    super(Wording.of(trouble));
    this.trouble = Optional.of(trouble);
  }

  /** What went wrong between maintctl and maintd, when that is what this is. */
  public Optional<Trouble> trouble() {
    return trouble;
  }

  /** The message, worded for the command {@code asked}. */
  public String wording(Wording.Asked asked) {
    return trouble.map(t -> Wording.of(t, asked)).orElse(getMessage());
  }
}
