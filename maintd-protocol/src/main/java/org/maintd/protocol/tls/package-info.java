/**
 * TLS material as maintd's peers keep it: PEM certificates (a CA bundle, Ganeti's cluster
 * certificate) read into trust stores with the JDK alone, and the RAPI login file ({@code user
 * password}, owner-only) that the daemon and maintctl both read. No I/O beyond reading the file
 * named.
 */
package org.maintd.protocol.tls;
