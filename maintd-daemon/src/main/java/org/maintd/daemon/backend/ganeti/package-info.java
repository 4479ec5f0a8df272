/**
 * The {@code ganeti} backend: Ganeti's RAPI v2 over HTTPS ({@link
 * org.maintd.daemon.backend.ganeti.RapiClient}: the cluster certificate or a CA bundle and the
 * basic-auth login from a root-only file, both read as maintctl reads them (maintd-protocol's
 * {@code tls} package), timeouts, retries for reads only) and {@link
 * org.maintd.daemon.backend.ganeti.GanetiBackend}, which reads the cluster and hands the rest to
 * one class per family: {@code GanetiJobs} maps maintd's jobs to RAPI jobs with the reason trail in
 * {@code ?reason=} and finds them again by it, each operation's request made by {@code
 * OperationCalls} ({@code NodeCalls}: flags and reboots; {@code InstanceMoveCalls}: migrations,
 * failovers, new secondaries, recreated disks, reinstalls; {@code InstanceCalls}: instance health's
 * starts, shutdowns and disk activations, and {@code disks_active}); {@code GanetiTags} adds and
 * removes tags.
 */
package org.maintd.daemon.backend.ganeti;
