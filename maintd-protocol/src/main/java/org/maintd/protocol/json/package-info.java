/** The strict JSON and YAML mappers of maintd: duplicate keys and trailing tokens are errors. */
package org.maintd.protocol.json;
