/** The collector's YAML configuration and its validation. */
package org.maintd.collector.config;
