/**
 * Running whitelisted commands: the whitelist rules, and the runner (Commons Exec, empty
 * environment, time limit, output cap, one command at a time).
 */
package org.maintd.collector.exec;
