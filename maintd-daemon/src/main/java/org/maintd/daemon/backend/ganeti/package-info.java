/**
 * The {@code ganeti} backend: Ganeti's RAPI v2 over HTTPS ({@link
 * org.maintd.daemon.backend.ganeti.RapiClient}: the cluster certificate or a CA bundle read with
 * Bouncy Castle, basic auth from a root-only file, timeouts, retries for reads only) and {@link
 * org.maintd.daemon.backend.ganeti.GanetiBackend}, which maps maintd's operations to RAPI jobs with
 * the reason trail in {@code ?reason=} and finds them again by it.
 */
package org.maintd.daemon.backend.ganeti;
