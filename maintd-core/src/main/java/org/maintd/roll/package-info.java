/**
 * Rolling reboots planned as Ganeti's hroller plans them: the conflict graph of the nodes ({@link
 * org.maintd.roll.ConflictGraph}), its greedy colourings, hroller's and iterated greedy's with
 * fewer colours ({@link org.maintd.roll.Colorings}), the capacity model for moving instances off a
 * reboot group ({@link org.maintd.roll.Layout}), the planner ({@link
 * org.maintd.roll.RebootPlanner}), and the graph with hroller's three colourings as the planner
 * hands it out for hroller's verbose output ({@link org.maintd.roll.RollGraph}).
 */
package org.maintd.roll;
