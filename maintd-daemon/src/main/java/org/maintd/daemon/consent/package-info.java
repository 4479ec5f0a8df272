/**
 * The instances' consent to the drain of their node, asked of whitelisted consent commands on the
 * master (the collectors' rules: {@code maintd-exec}), in the background: each command gets the
 * instance and its window as JSON on stdin and answers accept, or decline with a reason and when to
 * ask again; one that hangs, fails or prints no answer counts as unknown, is logged with why, and
 * never holds up a round. No planning here: the round decides what an answer means.
 */
package org.maintd.daemon.consent;
