package org.maintd.protocol.sim;

/**
 * {@code POST /1/sim/load}: how many CPUs a simulated node's collector reports busy from now on
 * ({@code cpu}, in its {@code cpu-avg-load}); the answer repeats it.
 */
public record SimLoad(String node, Double cpu) {}
