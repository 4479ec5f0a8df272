package org.maintd.exec;

/** A command was refused by the whitelist; the message names the command and the rule. */
public class WhitelistException extends RuntimeException {
  public WhitelistException(String message) {
    super(message);
  }
}
