/**
 * Running whitelisted commands, as the collector runs its diagnose and repair commands and the
 * daemon its consent commands: the whitelist rules (a plain name, a regular file directly in the
 * directory, owned by root or this user, writable by nobody else, executable), and the runner
 * (Commons Exec, no arguments, an empty environment, working directory {@code /}, stdin given, a
 * time limit, an output cap, one command at a time per runner, the command's whole session killed
 * when it ends). No knowledge of what the commands are for.
 */
package org.maintd.exec;
