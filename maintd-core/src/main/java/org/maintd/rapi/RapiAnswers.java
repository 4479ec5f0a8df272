package org.maintd.rapi;

/**
 * The four RAPI answers a cluster snapshot is read from, parsed from JSON (maps, lists, strings,
 * numbers, booleans): {@code /2/info}, {@code /2/groups?bulk=1}, {@code /2/nodes?bulk=1} and {@code
 * /2/instances?bulk=1}.
 */
public record RapiAnswers(Object info, Object groups, Object nodes, Object instances) {}
