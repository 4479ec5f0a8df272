package org.maintd.protocol.api;

import java.util.List;

/**
 * A machine put back in service: its name, its mode now, the job that does it, the incidents
 * canceled to force it.
 */
public record BroughtUpView(String hostname, String mode, String job, List<String> canceled) {}
