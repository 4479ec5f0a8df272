/**
 * The daemon's parts and their life: {@link org.maintd.daemon.service.Part} (NEW → STARTING →
 * RUNNING → STOPPING → TERMINATED, or FAILED with its cause) and the daemon's health made of its
 * parts'. Knows nothing of what the parts do.
 */
package org.maintd.daemon.service;
