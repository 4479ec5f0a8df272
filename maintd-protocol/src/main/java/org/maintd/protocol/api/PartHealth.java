package org.maintd.protocol.api;

/**
 * One part of the daemon in {@code /1/health}: its name (poller, runner, api, store, leadership),
 * its state ({@code NEW}, {@code STARTING}, {@code RUNNING}, {@code STOPPING}, {@code TERMINATED},
 * {@code FAILED}), since when, why it failed (empty unless failed), and more about it.
 */
public record PartHealth(String name, String state, Double since, String cause, String detail) {}
