package org.maintd.protocol.sim;

/**
 * {@code POST /1/sim/power-on}: power on a node that stayed off after its reboot; the answer says
 * it is.
 */
public record SimPowerOn(String node, Boolean powered) {}
