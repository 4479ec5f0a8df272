/**
 * Reboot requests with keyed holds, after Metal3's reboot interface: a client asks for a node to be
 * rebooted once ({@link org.maintd.reboot.RebootRequest} without a key) or powered off and kept off
 * until it releases its key (several keys can hold one node). The requests are records with a
 * status and a history; each node's way through one power cycle is a {@link
 * org.maintd.reboot.NodeCycle}, moved on by the pure {@link org.maintd.reboot.RebootCycle} from
 * what the round sees of the node ({@link org.maintd.reboot.NodeFacts}) into the {@link
 * org.maintd.reboot.Action} the round turns into a job: one pass ({@code CyclePass}, which also
 * decides which requests join the cycle) through the phases that take the node down ({@code
 * TakingDown}) and those that bring it back ({@code BringingBack}). {@link
 * org.maintd.reboot.RebootRules} admits and releases requests. Times come in as arguments (the
 * daemon's clock only); no I/O, no job planning: {@code org.maintd.plan} turns actions into jobs.
 */
package org.maintd.reboot;
