/**
 * Machine modes after Mesos' maintenance primitives ({@code UP}, {@code DRAIN}, {@code DOWN}):
 * which nodes maintd has taken out of service and why, and the rules for putting one back; a
 * command's {@code Verdict} for each machine it names, taken together (all or nothing). Pure
 * functions of values; jobs are planned here, submitted elsewhere.
 */
package org.maintd.machine;
