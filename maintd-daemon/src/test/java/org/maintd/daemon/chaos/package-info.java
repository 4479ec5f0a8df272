/**
 * {@code scripts/chaos} in its short form, as CI runs it: each kind of fault at least once against
 * real processes, and its report read back.
 */
package org.maintd.daemon.chaos;
