/**
 * Node self-diagnosis: the statuses, the diagnose object and its strict parser, and the sealed
 * outcome of a report. Works on parsed JSON values; running commands and HTTP are elsewhere.
 */
package org.maintd.diagnose;
