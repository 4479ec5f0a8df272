/** The daemon's YAML configuration: typed records and a loader that names every bad key. */
package org.maintd.daemon.config;
