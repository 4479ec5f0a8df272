package org.maintd.daemon.http;

/** An answer that is not JSON. */
public record ApiText(String contentType, String body) {}
