/**
 * The seams the daemon plugs into: {@link org.maintd.spi.ClusterBackend}, {@link
 * org.maintd.spi.StateStore} and {@link org.maintd.spi.ReportSource}, the persisted state and the
 * write-ahead intents. Interfaces and data only; implementations live in the daemon.
 */
package org.maintd.spi;
