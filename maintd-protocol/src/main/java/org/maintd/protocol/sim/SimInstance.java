package org.maintd.protocol.sim;

/**
 * {@code POST /1/sim/instance}: sets the run state of the simulated cluster's {@code instance} to
 * {@code status} (Ganeti's instance status: {@code ERROR_down} for a crash, {@code USER_down} for a
 * shutdown from inside, {@code running}, ...). The answer is the instance with its status now.
 */
public record SimInstance(String instance, String status) {}
