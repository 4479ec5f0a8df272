/**
 * The state file's JSON: incidents in Ganeti's field names, campaigns, intents, machines; and a
 * record mapper for core records.
 */
package org.maintd.protocol.state;
