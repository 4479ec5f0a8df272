/**
 * How long the cluster's operations take: learned per operation kind and instance size from the
 * cluster's recent jobs ({@link org.maintd.jobtime.PastOperation}, {@link
 * org.maintd.jobtime.KindTime}), or, where there is no history, assumed from the simulated
 * cluster's settings ({@link org.maintd.jobtime.OperationTimes}). Pure: the history comes in as an
 * argument.
 */
package org.maintd.jobtime;
