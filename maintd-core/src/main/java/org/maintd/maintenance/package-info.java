/**
 * Planned maintenance after Mesos' maintenance primitives: a schedule of windows (machines and an
 * unavailability, in Mesos' shape, plus maintd's {@code auto} and {@code respect_declines}), the
 * modes maintd keeps for scheduled machines ({@code DRAIN}, {@code DOWN}; every other machine is
 * {@code UP}), the instances' consent to a drain (Mesos' inverse-offer statuses, with a reason),
 * and the rules for posting a schedule and taking a machine down. Pure functions of values; the
 * round plans the jobs, the daemon runs consent commands and serves the API.
 */
package org.maintd.maintenance;
