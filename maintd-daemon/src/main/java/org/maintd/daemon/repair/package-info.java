/** Live repairs: signed requests to collectors, run as jobs of the daemon itself. */
package org.maintd.daemon.repair;
