package org.maintd.protocol.api;

/**
 * One fault the daemon sees now in {@code /1/health}: its name ({@code BACKEND_UNREACHABLE}, {@code
 * STATE_UNWRITABLE}, ...), what was seen at its last sighting, since when (seconds since the
 * epoch), and whether it keeps the leader from its work while it lasts.
 */
public record FaultView(String fault, String detail, double since, boolean stops_work) {}
