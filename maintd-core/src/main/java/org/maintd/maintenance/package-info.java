/**
 * Planned maintenance after Mesos' maintenance primitives: a schedule of windows (machines and an
 * unavailability, in Mesos' shape, plus maintd's {@code auto} and {@code respect_declines}) under a
 * version ({@code If-Match}), the modes maintd keeps for scheduled machines ({@code DRAIN}, going
 * {@code DOWN} by force, {@code DOWN}; every other machine is {@code UP}), the instances' consent
 * to a drain (Mesos' inverse-offer statuses, with a reason), the machines' notices (a job that
 * failed, a node changed outside maintd), and the rules for posting a schedule, taking a machine
 * down, putting its mode back when a job of its fails, and following a node set online by hand.
 * Pure functions of values; the round plans the jobs, the daemon runs consent commands and serves
 * the API.
 */
package org.maintd.maintenance;
