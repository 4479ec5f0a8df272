package org.maintd.plan;

/**
 * Something a round considered besides incidents (an instance to repair, a group to balance), and
 * what happens to it next or why it waits.
 */
public record PlanItem(String kind, String id, Next next) {}
