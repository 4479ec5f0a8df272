package org.maintd.protocol.sim;

import java.util.Map;

/** The answer to {@link SimDiagnose}: the node and the object its script prints now. */
public record SimDiagnosed(String node, Map<String, Object> diagnose) {}
