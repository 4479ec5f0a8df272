/**
 * The node's diagnose: run the configured command (or, for a simulated node of a fleet, read its
 * file), validate its output, never invent an action.
 */
package org.maintd.collector.diagnose;
