/**
 * Rebuilding the daemon's state from what its work left in the cluster, when the state itself is
 * lost: the node tags of finished incidents, the jobs with maintd's reason trail, and the repairs
 * the collectors ran. Pure functions of those traces; reading them is the daemon's job.
 */
package org.maintd.recovery;
