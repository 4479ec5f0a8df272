/** How the core's closed sets of values are written outside the code. */
package org.maintd.wire;
