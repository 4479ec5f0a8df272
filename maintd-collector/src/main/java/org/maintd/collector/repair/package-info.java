/**
 * Repair requests from the daemon: run a whitelisted command once per incident, keep the result.
 */
package org.maintd.collector.repair;
