package org.maintd.protocol.sim;

/**
 * {@code POST /1/sim/fail}: the next {@code times} operations of kind {@code op}, on {@code node}
 * or of {@code instance} when given, fail ({@code op} {@code boot}: the node stays off after its
 * next reboot). The answer is the rule as stored.
 */
public record SimFail(String op, String node, String instance, Long times) {}
