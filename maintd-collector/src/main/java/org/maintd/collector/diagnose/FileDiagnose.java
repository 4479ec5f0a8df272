package org.maintd.collector.diagnose;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.protocol.json.Json;

/**
 * A simulated node's diagnose: what its file holds (written by {@code maintctl sim diagnose}), read
 * at every report and checked as a diagnose command's output is; no file: {@code Ok}. A file that
 * is not a diagnose object yields {@code Ok} with a {@code collector-error}. Thread-safe.
 */
public final class FileDiagnose implements DiagnoseSource {
  private final Path file;
  private final DiagnoseParser parser = new DiagnoseParser();

  public FileDiagnose(Path file) {
    this.file = file;
  }

  @Override
  public Map<String, Object> diagnose(Duration budget) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      return Map.of("status", "Ok");
    } catch (IOException e) {
      return failure("cannot read " + file + ": " + e.getMessage());
    }
    try {
      return parser.parseCommandOutput(Json.parse(text)).original();
    } catch (JsonProcessingException e) {
      return failure(file + " does not hold one JSON object: " + e.getOriginalMessage());
    } catch (DiagnoseFormatException e) {
      return failure(file + ": " + e.getMessage());
    }
  }

  private static Map<String, Object> failure(String reason) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("status", "Ok");
    data.put(DiagnoseParser.COLLECTOR_ERROR, reason);
    return data;
  }
}
