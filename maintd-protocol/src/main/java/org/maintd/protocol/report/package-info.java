/**
 * What collectors report: the diagnose report, the master vote, and the load reports in mond's
 * shape ({@code cpu-avg-load}, {@code kvm-inst-rss}).
 */
package org.maintd.protocol.report;
