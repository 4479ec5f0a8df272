package org.maintd.campaign;

import java.time.Instant;

/** One entry of a campaign's history: when, what (a node's phase, or the campaign's), and why. */
public record CampaignEvent(Instant at, String event, String detail) {}
