/**
 * Wire helpers shared by the collector and the daemon: strict JSON and YAML mappers, the signed
 * message wrapper, JSON answers and errors for Jetty handlers.
 */
package org.maintd.wire;
