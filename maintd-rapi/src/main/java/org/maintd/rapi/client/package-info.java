/**
 * The one client of Ganeti's RAPI that the daemon's Ganeti backend and maintctl's cluster reader
 * share ({@code RapiHttp}: JDK HTTP, the login, retried reads, Ganeti's messages in {@code
 * RapiFailure}), with where to reach it ({@code RapiEndpoint}) and the TLS that pins Ganeti's
 * certificate without matching its name ({@code PinnedTrust}).
 */
package org.maintd.rapi.client;
