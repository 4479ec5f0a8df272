/**
 * The daemon process: the object graph built from the configuration in one place ({@code Graph},
 * every part constructed before any starts, each by its own method of {@code Wiring}, then started
 * in order by {@code Daemon}), how the daemon comes to lead ({@code Leading}: on the master from
 * its start, or elected) and where its state lives ({@code StateStores}: a file, or ZooKeeper with
 * its connection), built together from the configuration's {@code WhoLeads} ({@code Ways}); the
 * leader's work taken up and dropped as leadership comes and goes ({@code LeaderWork}, {@code
 * Acting}, {@code StandingAside} while the state is lost), what a read serves either way ({@code
 * ServedView}), the exit policy ({@code Supervision}), the entry point and exit codes, and what of
 * the ZooKeeper client's logging is kept out of the daemon's log ({@code
 * ExpectedConnectionFailures}).
 */
package org.maintd.daemon.app;
