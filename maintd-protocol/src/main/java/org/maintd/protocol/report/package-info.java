/** What collectors report: the diagnose report and the master vote. */
package org.maintd.protocol.report;
