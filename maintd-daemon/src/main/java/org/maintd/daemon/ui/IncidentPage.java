package org.maintd.daemon.ui;

import org.maintd.protocol.api.IncidentView;

/** One incident's page: the incident, and the live page it belongs to. Immutable. */
public record IncidentPage(LivePage page, IncidentView incident) {}
