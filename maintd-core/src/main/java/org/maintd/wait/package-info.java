/**
 * Why something a round considered waits: a closed set of reasons, sealed in families by concept
 * (the round held back, planned work held, capacity, other work first, not ready yet, the
 * maintenance schedule), each a record that renders its own text (what {@code /1/plan} and an
 * incident's {@code next} say) and names its kind ({@link org.maintd.wait.WaitKind}: a field of
 * {@code /1/plan}, a label of the waits metric). Planners return these instead of a text or null.
 * Pure data: no dependency on the planners.
 */
package org.maintd.wait;
