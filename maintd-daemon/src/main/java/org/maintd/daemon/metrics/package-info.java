/**
 * The daemon's Prometheus metrics ({@link org.maintd.daemon.metrics.DaemonMetrics}: the rounds,
 * ticks, polls and jobs it records, and what it watches), with the gauges of each area registered
 * by their own class: the collectors', what the daemon repairs, the last plan, planned work; every
 * scrape answered by {@code Scrapes}.
 */
package org.maintd.daemon.metrics;
