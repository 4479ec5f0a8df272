/**
 * State stores as parts of the daemon: the {@code file} store (atomic, fsynced, compare-and-set,
 * locked); the {@code zookeeper} store is in {@code daemon.zookeeper}. What an operator's import
 * replaced, in either store, and where it is kept ({@code Replaced}).
 */
package org.maintd.daemon.store;
