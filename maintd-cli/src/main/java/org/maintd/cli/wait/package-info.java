/**
 * Waiting for work maintd carries out: one {@link org.maintd.cli.wait.Waiter} that looks at the
 * work again and again (a {@link org.maintd.cli.wait.Look} each time: still going, done or failed)
 * with a clock and a sleeper passed in, shows a {@link org.maintd.cli.wait.ProgressLine} and gives
 * up after a timeout. What to look at and how to word it is each command's; this package knows no
 * endpoint and sends nothing.
 */
package org.maintd.cli.wait;
