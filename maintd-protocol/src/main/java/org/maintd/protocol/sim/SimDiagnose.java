package org.maintd.protocol.sim;

import com.fasterxml.jackson.annotation.JsonInclude;

/** {@code POST /1/sim/diagnose}: what a simulated node's diagnose script prints from now on. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SimDiagnose(String node, String status, String command, Object details) {}
