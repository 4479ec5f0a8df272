/**
 * The Jetty plumbing the daemon's API and the collector share: one server factory with its limits,
 * routes, request bodies read up to a limit, and every error as JSON. No product logic.
 */
package org.maintd.http;
