/**
 * The wire form of signed messages and the cluster key's file: what both ends of a signed exchange
 * read and write.
 */
package org.maintd.protocol.signing;
