/** The collector's HTTP endpoints and the report envelope; signing through the cluster key. */
package org.maintd.collector.http;
