package org.maintd.protocol.api;

/**
 * A machine as Mesos names it in {@code /machine/up} and {@code /machine/down}: its host name, and
 * optionally its IP.
 */
@com.fasterxml.jackson.annotation.JsonInclude(
    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record MachineId(String hostname, String ip) {}
