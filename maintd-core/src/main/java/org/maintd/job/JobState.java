package org.maintd.job;

/** A job's status and, when it failed, the backend's message. */
public record JobState(String id, JobStatus status, String message) {}
