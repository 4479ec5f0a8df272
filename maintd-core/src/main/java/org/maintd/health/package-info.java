/**
 * Instance health, the duties {@code ganeti-watcher} does, decided as pure values: an instance that
 * is {@code ERROR_down} is started again (at most {@code maxTries} attempts, counted whether the
 * start works or not, at least {@code retryInterval} apart, the record expiring {@code retryExpiry}
 * after its last attempt), one that is {@code USER_down} is shut down with the admin state source
 * {@code user}, and the disks of mirrored instances are activated again where their secondary
 * rebooted (its collector's boot id changed) or where verify-disks finds them offline. {@link
 * HealthPlanner} takes the snapshot, the stored {@link InstanceHealth}, the disks' status, the boot
 * ids and what the round has already taken ({@link Busy}), and gives the {@link Duty duties} with
 * the state to keep when the round starts. No I/O, no clock: time is an argument.
 */
package org.maintd.health;
