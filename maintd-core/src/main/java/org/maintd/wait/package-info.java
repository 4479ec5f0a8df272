/**
 * Why something a round considered waits: a closed set of reasons, each a record that renders its
 * own text (what {@code /1/plan} and an incident's {@code next} say) and names its kind (a field of
 * {@code /1/plan}, a label of the waits metric). Planners return these instead of a text or null.
 * Pure data: no dependency on the planners.
 */
package org.maintd.wait;
