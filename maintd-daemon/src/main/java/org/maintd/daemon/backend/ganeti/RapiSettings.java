package org.maintd.daemon.backend.ganeti;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How to reach RAPI: its URL, the PEM file to trust (the cluster certificate, or a CA bundle),
 * whether the certificate must name the host (Ganeti's self-signed one names none), the file with
 * {@code user password} (readable by its owner only), the time limit of one request, and how many
 * times a read is tried.
 */
public record RapiSettings(
    URI url,
    Path trust,
    boolean verifyHostname,
    Path credentials,
    Duration timeout,
    int readAttempts) {}
