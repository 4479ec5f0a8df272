/**
 * The events an operator is told of (incidents opened, failed, completed; campaigns started,
 * paused, stuck, finished; machines going DRAIN, DOWN, UP; reboot requests held and released; the
 * storm guard tripping; planned work held by a guard; leadership changing), as values made from two
 * states the rounds stored, one after the other. Each event has an identity made from the state
 * alone, so that a daemon that takes over makes the same one. Pure: no I/O, no clock; sending them
 * is the daemon's.
 */
package org.maintd.notify;
