package org.maintd.exec;

/**
 * What running a command gave. {@code stdout} holds at most the output limit; {@code overLimit}
 * says the command printed more.
 */
public record CommandResult(
    int exitCode, byte[] stdout, String stderr, boolean timedOut, boolean overLimit) {}
