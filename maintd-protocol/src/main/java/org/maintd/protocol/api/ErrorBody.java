package org.maintd.protocol.api;

/** Every error answer of both servers: a stable code, and what was wrong and why. */
public record ErrorBody(String error, String message) {}
