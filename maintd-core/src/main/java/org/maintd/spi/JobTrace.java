package org.maintd.spi;

import org.maintd.job.JobStatus;

/**
 * A job in the backend's queue that carries maintd's reason trail: its id, the text maintd wrote
 * (what and why, ending with the job's key in brackets), and its status. What is left of maintd's
 * work when its own state is lost.
 */
public record JobTrace(String id, String reason, JobStatus status) {}
