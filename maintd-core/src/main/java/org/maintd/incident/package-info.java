/**
 * Incidents and their lifecycle (noted, pending, canceled, failed, completed): identity by node and
 * diagnose object, escalation, transient close, acknowledge by tag removal, cancel. Pure functions
 * of the incident list, an observation and a time; no I/O, no clock.
 */
package org.maintd.incident;
