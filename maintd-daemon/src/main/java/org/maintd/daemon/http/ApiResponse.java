package org.maintd.daemon.http;

/** An answer with a status other than 200 ({@code /1/health} once the daemon has failed). */
public record ApiResponse(int status, Object body) {}
