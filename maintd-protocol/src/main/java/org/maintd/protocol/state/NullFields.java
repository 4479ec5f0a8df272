package org.maintd.protocol.state;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.protocol.api.IncidentEvent;

/**
 * Finds, in a bound state file, the first null maintd cannot do without: an entry of a list, or of
 * a map of records, and a field of one of the core's records (a campaign, a job specification),
 * which the core would trip over later. The state file's own records (this package, and the
 * incidents' events it shares with the API) default what they lack and check what they need where
 * they are read; untyped JSON (a diagnose object) is kept as it is. Stateless.
 */
final class NullFields {
  /** A record's fields, as read: its accessor, its declared type, its JSON name. */
  private record Field(java.lang.reflect.Method accessor, Type type, String name) {}

  private static final ClassValue<List<Field>> FIELDS =
      new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
          return java.util.Arrays.stream(type.getRecordComponents())
              .map(c -> new Field(c.getAccessor(), c.getGenericType(), jsonName(c)))
              .toList();
        }
      };

  private NullFields() {}

  /** Throws a {@link BadField} naming the first such null of {@code file}. */
  static void check(StateFile file) {
    walk(file, StateFile.class, "");
  }

  private static void walk(Object value, Type type, String path) {
    if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        entry(list.get(i), argument(type, 0), path + "[" + i + "]");
      }
    } else if (value instanceof Map<?, ?> map && argument(type, 1) != Object.class) {
      map.forEach((k, v) -> entry(v, argument(type, 1), path + "." + k));
    } else if (value instanceof Optional<?> o) {
      o.ifPresent(v -> walk(v, argument(type, 0), path));
    } else if (value.getClass().isRecord()) {
      fields(value, path);
    }
  }

  private static void entry(Object value, Type type, String path) {
    if (value == null) {
      throw new BadField(path, "it is null");
    }
    walk(value, type, path);
  }

  private static void fields(Object record, String path) {
    boolean own =
        record.getClass().getPackage() == NullFields.class.getPackage()
            || record instanceof IncidentEvent;
    for (Field f : FIELDS.get(record.getClass())) {
      Object value = read(f, record);
      if (value == null && !own) {
        throw BadField.missing(join(path, f.name()));
      }
      if (value != null) {
        walk(value, f.type(), join(path, f.name()));
      }
    }
  }

  /** The name a record's field has in JSON: its own, or the one {@link JsonProperty} gives. */
  static String jsonName(RecordComponent c) {
    JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
    return renamed == null || renamed.value().isEmpty() ? c.getName() : renamed.value();
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static Object read(Field f, Object record) {
    try {
      return f.accessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + f.name() + " of a bound state", e);
    }
  }

  /** The {@code i}th type argument of {@code type}; {@link Object} when it has none. */
  private static Type argument(Type type, int i) {
    return type instanceof ParameterizedType p ? p.getActualTypeArguments()[i] : Object.class;
  }
}
