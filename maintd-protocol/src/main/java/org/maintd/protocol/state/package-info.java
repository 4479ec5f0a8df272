/**
 * The state file's JSON: incidents in Ganeti's field names ({@code StoredIncident}, which reads
 * back without a cluster), campaigns, intents, machines; and a record mapper for core records.
 * {@code StateCodec} reads and writes it: a file of a newer schema is refused naming both schemas
 * before anything else in it is read ({@code DeclaredSchema}, {@code NewerSchemaException}); a file
 * it cannot read names the field by its path and the value (a missing field, a value maintd does
 * not know: {@code BadField}, {@code BindingErrors}, {@code NullFields}); an import's strict read
 * also names every field a complete state of the file's schema has that the file lacks ({@code
 * StateCompleteness}). The replicated stores' envelope ({@code StateEnvelope}) is here too. No I/O.
 */
package org.maintd.protocol.state;
