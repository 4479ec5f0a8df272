package org.maintd.rehearse;

/**
 * Where an instance was when a rehearsal began and where it is at its end: its primary and its
 * secondary node, each from and to (empty for an instance without a secondary). Immutable.
 */
public record Placement(
    String instance,
    String primaryFrom,
    String primaryTo,
    String secondaryFrom,
    String secondaryTo) {}
