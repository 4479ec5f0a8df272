/**
 * The daemon's two clocks: the wall clock, the truth for schedules, allowed hours, signatures and
 * what the state records; and the monotonic {@link Ticker}, the truth for how long something took
 * or may still take in this process. {@link ClockWatch} compares them and names a step of the wall
 * clock ({@code CLOCK_STEPPED}); a {@link ManualClock} is a wall clock set by hand (a rehearsal's).
 * Nothing here decides the round's work: core takes the wall clock's time as an argument.
 */
package org.maintd.daemon.clock;
