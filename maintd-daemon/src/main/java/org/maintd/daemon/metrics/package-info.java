/**
 * The daemon's Prometheus metrics ({@link org.maintd.daemon.metrics.DaemonMetrics}: the rounds,
 * ticks, polls and jobs it records, and what it watches), with the gauges of each area registered
 * by their own class: the collectors', the collectors down where an answer is expected, what the
 * daemon repairs, the last plan, planned work, when it last polled and a campaign last moved; every
 * scrape answered by {@code Scrapes}. The alert rules that read them are {@code
 * etc/prometheus/maintd-alerts.yml}.
 */
package org.maintd.daemon.metrics;
