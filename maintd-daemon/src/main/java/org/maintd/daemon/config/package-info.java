/**
 * The daemon's YAML configuration: typed records, one per section of the file ({@code DaemonConfig}
 * holds the keys at the top and the sections), each read by its own loader ({@code ...Section});
 * the ways the daemon runs as types ({@code Backend}, {@code Store}, {@code WhoLeads}: a value the
 * file cannot name, or a combination that cannot work, is never built), and a loader that names
 * every bad key.
 */
package org.maintd.daemon.config;
