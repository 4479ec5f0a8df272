package org.maintd.campaign;

/**
 * Where an instance lived before a campaign emptied its node: as primary, or as DRBD secondary
 * (full evacuation). The instance goes back there once the node is back.
 */
public record Home(String instance, String node, boolean primary) {}
