/**
 * The collector process: wiring from configuration, start and stop, the entry point (one collector
 * per configuration file, or a fleet of simulated nodes).
 */
package org.maintd.collector.app;
