/**
 * Text that comes from clients, and the one way it is escaped wherever it is shown on a line of its
 * own, in a log, a table or a message ({@link org.maintd.protocol.text.Escaped}). Pure functions
 * over strings; no I/O.
 */
package org.maintd.protocol.text;
