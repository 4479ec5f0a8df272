package org.maintd.daemon.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.daemon.notify.Deliveries;
import org.maintd.daemon.notify.Delivery;
import org.maintd.protocol.json.Json;

/**
 * The deliveries of notifications in a file of the state directory beside the state ({@code
 * {"<receiver>|<event id>": {...}, ...}}), read again before every change (a standby of the same
 * directory may have led since) and replaced atomically. A file that cannot be read is an error
 * that names it: nothing is sent until it is repaired or removed. Thread-safe.
 */
public final class FileDeliveries implements Deliveries {
  private final Path file;

  public FileDeliveries(Path file) {
    this.file = file;
  }

  @Override
  public synchronized boolean add(Delivery d) {
    Map<String, Delivery> all = read();
    if (all.containsKey(d.key())) {
      return false;
    }
    all.put(d.key(), d);
    write(all);
    return true;
  }

  @Override
  public synchronized boolean replace(Delivery was, Delivery next) {
    Map<String, Delivery> all = read();
    if (!was.equals(all.get(was.key()))) {
      return false;
    }
    all.put(next.key(), next);
    write(all);
    return true;
  }

  @Override
  public synchronized void remove(Delivery d) {
    Map<String, Delivery> all = read();
    if (all.remove(d.key()) != null) {
      write(all);
    }
  }

  @Override
  public synchronized List<Delivery> all() {
    return List.copyOf(read().values());
  }

  private Map<String, Delivery> read() {
    Optional<String> stored = AtomicFiles.readIfThere(file, "notifications' deliveries");
    if (stored.isEmpty()) {
      return new TreeMap<>();
    }
    String text = stored.get();
    try {
      return new TreeMap<>(
          Json.LENIENT.readValue(text, new TypeReference<Map<String, Delivery>>() {}));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "the notifications' deliveries in "
              + file
              + " cannot be read ("
              + e.getOriginalMessage()
              + "): repair or remove the file",
          e);
    }
  }

  private void write(Map<String, Delivery> all) {
    try {
      AtomicFiles.write(file, Json.write(all).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot record the notifications' deliveries in " + file + ": " + AtomicFiles.reason(e),
          e);
    }
  }
}
