package org.maintd.protocol.api;

/** The answer to an acknowledgement: the incident, its node, and the tag removed from it. */
public record AckView(String uuid, String node, String removed_tag) {}
