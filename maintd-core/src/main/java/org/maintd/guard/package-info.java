/**
 * The guards of planned work (after kured): the hours in which planned work may start ({@link
 * org.maintd.guard.AllowedHours}), the alerts that hold it ({@link org.maintd.guard.AlertState},
 * filtered by an {@link org.maintd.guard.AlertInterlock}), and {@link
 * org.maintd.guard.PlannedWorkGuard}, which answers for a moment and an alert state whether planned
 * work waits and why, as a {@link org.maintd.wait.WaitReason}. Planned work is what maintd starts
 * on its own initiative (campaign steps, maintenance windows), never the repair of a fault. Pure:
 * time and the alerts come in as arguments; reading Prometheus is the daemon's.
 */
package org.maintd.guard;
