/** Human-readable output. */
package org.maintd.cli.output;
