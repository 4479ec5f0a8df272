package org.maintd.collector.config;

import java.nio.file.Path;
import java.util.List;
import org.maintd.config.ConfigException;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.KeyFiles;

/** The cluster key a collector or a fleet signs with, read from its {@code hmacKeyFile}. */
public final class HmacKeySetting {
  private HmacKeySetting() {}

  /**
   * The key in {@code file}, readable by {@code group}; a file that cannot serve is refused as a
   * bad setting of {@code what}'s {@code hmacKeyFile}.
   */
  public static HmacKey read(Path file, String group, String what) {
    try {
      return KeyFiles.read(file, group);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(what, List.of("hmacKeyFile: " + e.getMessage()));
    }
  }
}
