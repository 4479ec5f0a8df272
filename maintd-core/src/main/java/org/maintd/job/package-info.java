/**
 * The job model: operations (sealed), job specifications with their reason trail and idempotency
 * key, job status, and the kinds of job owner ({@code OwnerKind}: {@code campaign:ID}, ...).
 * Submitting and tracking jobs is the backends' job.
 */
package org.maintd.job;
