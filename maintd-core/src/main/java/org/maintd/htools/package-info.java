/**
 * Ganeti's htools text format ({@code hscan}, {@code hbal -S}, {@code -t FILE}): a reader that
 * rejects what the htools reject and a writer whose output the htools accept; and what the htools
 * read from a cluster's {@code htools:} tags ({@link org.maintd.htools.HtoolsTags}). Pure text in,
 * text out; callers read and write the files.
 */
package org.maintd.htools;
