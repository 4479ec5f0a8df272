/**
 * The daemon process: the object graph built from the configuration in one place ({@code Daemon}),
 * how the daemon comes to lead ({@code Leading}, one type per {@code leadership}), where its state
 * lives ({@code StateStores}), the leader's work taken up and dropped as leadership comes and goes
 * ({@code LeaderWork}, {@code Acting}), the exit policy ({@code Supervision}), the entry point and
 * exit codes, and what of the ZooKeeper client's logging is kept out of the daemon's log ({@code
 * ExpectedConnectionFailures}).
 */
package org.maintd.daemon.app;
