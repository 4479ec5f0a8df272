package org.maintd.rehearse;

/**
 * hbal's score of one node group ({@code group}: its name) on the cluster a rehearsal started from
 * and on the cluster it ended with; lower is better balanced. Immutable.
 */
public record GroupScore(String group, double before, double after) {}
