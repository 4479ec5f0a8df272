package org.maintd.reboot;

import java.util.Optional;

/**
 * What admitting a request needs to know of its node besides the requests: whether the cluster has
 * it, and the campaign and the active incident that hold it (empty: none).
 */
public record NodeStanding(boolean exists, Optional<String> campaign, Optional<String> incident) {}
