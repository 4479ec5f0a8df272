/** The collector process: wiring from configuration, start and stop, the entry point. */
package org.maintd.collector.app;
