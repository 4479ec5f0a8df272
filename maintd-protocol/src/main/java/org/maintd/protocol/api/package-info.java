/**
 * The bodies of the daemon's HTTP API, requests and answers, as records with their JSON binding,
 * and how each is made from the domain. What maintctl reads and sends, and nothing else.
 */
package org.maintd.protocol.api;
