/**
 * Ganeti RAPI v2 responses, already parsed from JSON by the caller, turned into the cluster model.
 * No HTTP here: the Ganeti backend fetches, this package only interprets.
 */
package org.maintd.rapi;
