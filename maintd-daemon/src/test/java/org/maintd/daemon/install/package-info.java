/**
 * Tests of the installation: scripts/install and scripts/uninstall run as real processes into a
 * scratch root, and the tree they leave (the layout's files, owners and modes).
 */
package org.maintd.daemon.install;
