/**
 * The daemon's parts and their life: {@link org.maintd.daemon.service.Part} (NEW → STARTING →
 * RUNNING → STOPPING → TERMINATED, or FAILED with its cause), a Jetty component as a part ({@link
 * org.maintd.daemon.service.LifeCyclePart}), the daemon's health made of its parts', and the named
 * daemon threads they run on. Knows nothing of what the parts do.
 */
package org.maintd.daemon.service;
