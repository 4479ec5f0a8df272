package org.maintd.protocol.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A collector's answer to {@code /1/master}, signed: the node, the master it believes in (null:
 * unknown), and, only when it does not know, why.
 */
public record MasterAnswer(
    String node, String master, @JsonInclude(JsonInclude.Include.NON_NULL) String error) {}
