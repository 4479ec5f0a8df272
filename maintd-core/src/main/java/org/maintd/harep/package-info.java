/**
 * Instance auto-repair with harep's tag protocol: the opt-in and suspend tags on cluster, groups
 * and instances ({@link org.maintd.harep.RepairPolicy}, {@link org.maintd.harep.RepairPolicies}),
 * the pending and result tags ({@link org.maintd.harep.RepairTag}) and the state they give an
 * instance ({@link org.maintd.harep.RepairState}), and what is broken and how it is repaired
 * ({@link org.maintd.harep.RepairNeed}). Written so that harep and maintd read each other's tags.
 */
package org.maintd.harep;
