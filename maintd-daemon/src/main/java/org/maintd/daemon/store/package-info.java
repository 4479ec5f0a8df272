/**
 * State stores as parts of the daemon: the {@code file} store (atomic, fsynced, compare-and-set,
 * locked); the {@code zookeeper} store is in {@code daemon.zookeeper}.
 */
package org.maintd.daemon.store;
