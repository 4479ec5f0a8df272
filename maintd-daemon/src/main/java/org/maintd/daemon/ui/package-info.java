/**
 * The operator's status page at {@code /ui}: HTML rendered on the server from templates compiled at
 * build time ({@code src/main/jte}), each render from one published view (as the API's reads), with
 * a few kilobytes of its own script that polls the page's live parts (304 while they are the same)
 * and sends the operator's changes to the API's own endpoints with basic auth. It decides no HTTP
 * status and changes nothing itself: what it answers goes out through the {@code http} package, and
 * every change is the API's.
 */
package org.maintd.daemon.ui;
