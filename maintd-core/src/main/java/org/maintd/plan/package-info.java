/**
 * Round planning: which jobs the next round submits and why everything else waits. Placement by
 * capacity, conflict claims shared by all planners of a round, evacuation and live-repair steps,
 * instance health's jobs ({@code HealthJobs}, on what the others left), each campaign node's run:
 * its phases ({@code NodeRun}), the watch on its reboot ({@code RebootWatch}) and its way home
 * ({@code MoveBack}); the jobs of reboot requests' power cycles ({@code RebootRequestPlanner},
 * turning {@code org.maintd.reboot}'s actions into jobs). Pure functions of a snapshot, the
 * incidents and a time.
 */
package org.maintd.plan;
