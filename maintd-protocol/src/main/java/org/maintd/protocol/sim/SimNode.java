package org.maintd.protocol.sim;

/**
 * {@code POST /1/sim/node}: sets the simulated cluster's {@code node} drained or not, offline or
 * not, at once, as an operator does by hand outside maintd ({@code gnt-node modify --drained yes|no
 * --offline yes|no}); a flag left out stays as it is. The answer is the node's flags now.
 */
public record SimNode(String node, Boolean drained, Boolean offline) {}
