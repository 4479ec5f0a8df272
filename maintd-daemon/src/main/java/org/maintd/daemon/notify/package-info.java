/**
 * Notifications: the events the rounds' states make ({@code org.maintd.notify}) sent to the
 * receivers of {@code notifications} from a queue of their own, outside the rounds. Each delivery
 * (an event to one receiver) is recorded beside the state before it is tried ({@link Deliveries}: a
 * file in the state directory, or znodes in ZooKeeper), so that of all the leaders one after the
 * other at most one sends it; a failed one is tried again with back-off. It never blocks or fails a
 * round: the runner only hands it what each step published. Owns no state of the rounds.
 */
package org.maintd.daemon.notify;
