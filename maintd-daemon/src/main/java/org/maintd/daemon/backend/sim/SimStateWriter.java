package org.maintd.daemon.backend.sim;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.protocol.state.Mappers;

/**
 * Writes the simulation's state as the JSON {@link Mappers#RECORDS} writes, byte for byte, for a
 * cost that follows what changed since the last write rather than the size of the cluster: the JSON
 * of each node, instance and job is kept from one write to the next, as its bytes ({@link
 * KeptJson}), while the state still holds the same object (they are immutable records, their lists
 * copied, and a change makes a new one), and only new ones are written out. What a write did not
 * use is dropped. Not thread-safe: its {@link SimFiles} is called under its backend's lock.
 */
final class SimStateWriter {
  private final ObjectMapper mapper;
  private Map<Object, SerializableString> previous = new IdentityHashMap<>();
  private Map<Object, SerializableString> current = new IdentityHashMap<>();
  private int writtenOut;

  SimStateWriter() {
    SimpleModule kept = new SimpleModule("kept-records");
    kept.addSerializer(Node.class, new Kept<>(Node.class));
    kept.addSerializer(Instance.class, new Kept<>(Instance.class));
    kept.addSerializer(SimJob.class, new Kept<>(SimJob.class));
    mapper = Mappers.RECORDS.copy().registerModule(kept);
  }

  /** {@code state} as JSON. */
  byte[] write(SimState state) throws JsonProcessingException {
    writtenOut = 0;
    try {
      return mapper.writeValueAsBytes(state);
    } finally {
      previous = current;
      current = new IdentityHashMap<>(previous.size());
    }
  }

  /** How many nodes, instances and jobs the last write wrote out rather than kept. */
  int writtenOut() {
    return writtenOut;
  }

  private SerializableString text(Object value) throws JsonProcessingException {
    SerializableString text = previous.get(value);
    if (text == null) {
      text = new KeptJson(Mappers.RECORDS.writeValueAsBytes(value));
      writtenOut++;
    }
    current.put(value, text);
    return text;
  }

  /** A record written as the text it had, or as {@link Mappers#RECORDS} writes it. */
  private final class Kept<T> extends StdSerializer<T> {
    Kept(Class<T> type) {
      super(type);
    }

    @Override
    public void serialize(T value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeRawValue(text(value));
    }
  }
}
