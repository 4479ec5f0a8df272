/**
 * The state file's JSON: incidents in Ganeti's field names ({@code StoredIncident}, which reads
 * back without a cluster), campaigns, intents, machines; and a record mapper for core records.
 */
package org.maintd.protocol.state;
