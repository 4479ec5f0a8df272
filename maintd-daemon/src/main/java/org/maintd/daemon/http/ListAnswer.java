package org.maintd.daemon.http;

import java.util.Optional;

/**
 * A list read's answer: its body (the items, or the fields asked of each) and the key its next page
 * starts after, empty on the last page (sent as a {@code Link: <...>; rel="next"} header).
 */
record ListAnswer(Object body, Optional<String> next) {}
