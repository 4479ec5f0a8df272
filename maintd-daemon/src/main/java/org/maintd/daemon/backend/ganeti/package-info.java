/**
 * The {@code ganeti} backend: Ganeti's RAPI v2 over HTTPS ({@link
 * org.maintd.daemon.backend.ganeti.RapiClient}: the cluster certificate or a CA bundle and the
 * basic-auth login from a root-only file, both read as maintctl reads them (maintd-protocol's
 * {@code tls} package), timeouts, retries for reads only) and {@link
 * org.maintd.daemon.backend.ganeti.GanetiBackend}, which maps maintd's operations to RAPI jobs with
 * the reason trail in {@code ?reason=} and finds them again by it ({@code InstanceCalls}: instance
 * health's starts, shutdowns and disk activations, and {@code disks_active}).
 */
package org.maintd.daemon.backend.ganeti;
