/**
 * The job model: operations (sealed), job specifications with their reason trail and idempotency
 * key, and job status. Submitting and tracking jobs is the backends' job.
 */
package org.maintd.job;
