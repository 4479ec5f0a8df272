/**
 * What the modules' own exceptions share: {@link org.maintd.error.ReasonedException}, an unchecked
 * exception that says why it was thrown as one of a closed set of reasons. No I/O.
 */
package org.maintd.error;
