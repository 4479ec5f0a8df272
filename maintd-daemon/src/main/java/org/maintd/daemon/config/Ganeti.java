package org.maintd.daemon.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The ganeti backend: RAPI's URL, the PEM file to trust (the cluster certificate or a CA bundle;
 * null: the JVM's trust store), whether its certificate must name the host, the root-only file with
 * {@code user password}, the time limit of a request, read attempts, the time past which an answer
 * is slow ({@code BACKEND_SLOW}), and how long a quick job (a node's flags, an instance's start,
 * stop or disks) and any other job may run before it is overdue ({@code JOB_OVERDUE}). Immutable.
 */
public record Ganeti(
    URI rapiUrl,
    Path certificate,
    boolean verifyHostname,
    Path credentials,
    Duration timeout,
    int readAttempts,
    Duration slowAnswer,
    Duration quickJobOverdue,
    Duration jobOverdue) {
  public static Ganeti defaults() {
    return new Ganeti(
        URI.create("https://127.0.0.1:5080"),
        Path.of("/var/lib/ganeti/rapi.pem"),
        false,
        Path.of("/etc/maintd/rapi-credentials"),
        Duration.ofSeconds(30),
        3,
        Duration.ofSeconds(5),
        Duration.ofMinutes(10),
        Duration.ofHours(2));
  }
}
