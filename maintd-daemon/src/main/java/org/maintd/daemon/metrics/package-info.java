/** The daemon's Prometheus metrics ({@link org.maintd.daemon.metrics.DaemonMetrics}). */
package org.maintd.daemon.metrics;
