/**
 * Text that comes from clients: the bounds and alphabets it is held to where a request body is read
 * ({@link org.maintd.protocol.text.ClientText}), and the one way it is escaped wherever it is shown
 * on a line of its own, in a log or a table ({@link org.maintd.protocol.text.Escaped}). Pure
 * functions over strings; no I/O.
 */
package org.maintd.protocol.text;
