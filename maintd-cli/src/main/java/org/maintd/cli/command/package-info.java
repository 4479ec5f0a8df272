/** maintctl subcommands, one class each. */
package org.maintd.cli.command;
