/** State stores: the {@code file} store (atomic, fsynced, compare-and-set, locked). */
package org.maintd.daemon.store;
