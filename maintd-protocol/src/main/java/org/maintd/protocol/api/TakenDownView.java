package org.maintd.protocol.api;

/** A machine taken down: its name, its mode now ({@code DOWN}), the job that sets it offline. */
public record TakenDownView(String hostname, String mode, String job) {}
