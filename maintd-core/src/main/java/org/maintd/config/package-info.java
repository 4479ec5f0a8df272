/**
 * Validating access to parsed configuration: typed getters with defaults, duration syntax, and
 * errors that name every bad or unknown key. The caller parses the YAML; nothing here reads files.
 */
package org.maintd.config;
