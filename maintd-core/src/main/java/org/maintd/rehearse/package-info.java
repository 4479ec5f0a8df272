/**
 * Rehearsals: what an operator is about to do ({@link org.maintd.rehearse.Act}: a drain, a reboot
 * request, a node's fault, a schedule posted, a campaign started), played by the daemon's own round
 * on a copy of the cluster, and what the play came to ({@link
 * org.maintd.rehearse.RehearsalReport}). Here are the decisions of a rehearsal: the command an act
 * stands for and when its work is done, when the play looks again and when it stops ({@link
 * org.maintd.rehearse.Pace}, {@link org.maintd.rehearse.Wakeups}), and how its report is made from
 * what it saw ({@link org.maintd.rehearse.WaitTrail}, {@link org.maintd.rehearse.Placements},
 * {@link org.maintd.rehearse.Assumptions}, hbal's score of each group before and after by {@link
 * org.maintd.rehearse.GroupScores}, and what changed in the cluster since the snapshot played by
 * {@link org.maintd.rehearse.ClusterDrift}). The play itself (the runner, the simulated cluster,
 * the clock) is the daemon's; nothing here runs anything.
 */
package org.maintd.rehearse;
