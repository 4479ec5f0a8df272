/**
 * Checks of how maintd is packaged: the Dockerfile read as the builder reads it, against the
 * checkout, its {@code .dockerignore} and the jars the reactor's poms say it builds. Reads files of
 * the checkout only; builds and runs nothing (scripts/container-test builds and runs the images).
 */
package org.maintd.daemon.packaging;
