package org.maintd.rehearse;

/** An input a rehearsal could not know and assumed: which, and what it assumed. Immutable. */
public record Assumption(String input, String assumed) {}
