/** The node's diagnose: run the configured command, validate its output, never invent an action. */
package org.maintd.collector.diagnose;
