/**
 * Synthetic clusters for the simulation at scale, the benchmarks and the differential tests: a
 * {@link org.maintd.generate.ClusterSpec} ({@code nodes=10000,instances=100000,groups=100,seed=1})
 * and the {@link org.maintd.generate.GeneratedCluster} it describes, as htools text. The same spec
 * always gives the same text: the draws come from {@link org.maintd.generate.Lcg48}, java.util's
 * documented generator written out, seeded by the spec. Text out; callers write the files.
 */
package org.maintd.generate;
