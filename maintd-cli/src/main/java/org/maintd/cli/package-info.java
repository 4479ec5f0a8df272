/** maintctl: the entry point and its global options. */
package org.maintd.cli;
