package org.maintd.daemon.packaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maintd.protocol.json.Json;

/**
 * A Dockerfile read as the builder reads it: continuation lines joined, comments dropped, the
 * instructions split into stages at each {@code FROM}, the arguments declared before the first
 * {@code FROM} with their defaults. Immutable.
 */
record ParsedDockerfile(Map<String, String> globalArgs, List<Stage> stages) {
  private static final Pattern FROM =
      Pattern.compile("(\\S+)(?:\\s+AS\\s+(\\S+))?", Pattern.CASE_INSENSITIVE);
  private static final Pattern VARIABLE =
      Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}|\\$([A-Za-z_][A-Za-z0-9_]*)");

  /** One instruction: its keyword in upper case, its arguments as written, its first line. */
  record Instruction(String keyword, String arguments, int line) {}

  /** The instructions from one {@code FROM} to the next; {@code name} is empty when unnamed. */
  record Stage(String name, String base, List<Instruction> instructions) {}

  static ParsedDockerfile parse(String text) {
    Map<String, String> args = new LinkedHashMap<>();
    List<Stage> stages = new ArrayList<>();
    List<Instruction> current = null;
    for (Instruction i : instructions(text)) {
      if (i.keyword().equals("FROM")) {
        Matcher m = FROM.matcher(i.arguments().trim());
        if (!m.matches()) {
          throw new IllegalArgumentException("line " + i.line() + ": FROM " + i.arguments());
        }
        current = new ArrayList<>();
        stages.add(new Stage(m.group(2) == null ? "" : m.group(2), m.group(1), current));
      } else if (current != null) {
        current.add(i);
      } else if (i.keyword().equals("ARG")) {
        String[] kv = i.arguments().trim().split("=", 2);
        args.put(kv[0], kv.length == 2 ? unquote(kv[1]) : "");
      } else {
        throw new IllegalArgumentException(
            "line " + i.line() + ": " + i.keyword() + " before FROM");
      }
    }
    return new ParsedDockerfile(Map.copyOf(args), List.copyOf(stages));
  }

  /** The stage named {@code name}. */
  Optional<Stage> stage(String name) {
    return stages.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** The stage a build without {@code --target} makes. */
  Stage last() {
    return stages.get(stages.size() - 1);
  }

  /** The lines joined where they end in a backslash, comments and blank lines left out. */
  static List<Instruction> instructions(String text) {
    List<Instruction> out = new ArrayList<>();
    StringBuilder joined = new StringBuilder();
    int first = 0;
    String[] lines = text.split("\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n].strip();
      if (line.startsWith("#") || line.isEmpty() && joined.length() == 0) {
        continue;
      }
      if (joined.length() == 0) {
        first = n + 1;
      }
      boolean continues = line.endsWith("\\");
      joined.append(continues ? line.substring(0, line.length() - 1) : line).append(' ');
      if (!continues) {
        String[] parts = joined.toString().strip().split("\\s+", 2);
        out.add(
            new Instruction(
                parts[0].toUpperCase(Locale.ROOT), parts.length == 2 ? parts[1] : "", first));
        joined.setLength(0);
      }
    }
    return out;
  }

  /**
   * The words of {@code arguments}: a JSON array's strings, or else the words split at white space
   * outside quotes, the quotes removed.
   */
  static List<String> words(String arguments) {
    String trimmed = arguments.strip();
    if (trimmed.startsWith("[")) {
      try {
        return Json.MAPPER.readValue(trimmed, new TypeReference<List<String>>() {});
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("not a JSON array of strings: " + trimmed, e);
      }
    }
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    char quote = 0;
    boolean inWord = false;
    for (char c : trimmed.toCharArray()) {
      if (quote != 0 && c == quote) {
        quote = 0;
      } else if (quote == 0 && (c == '"' || c == '\'')) {
        quote = c;
        inWord = true;
      } else if (quote == 0 && Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }

  /** {@code text} with {@code $NAME} and {@code ${NAME}} replaced from {@code values}. */
  static String expand(String text, Map<String, String> values) {
    Matcher m = VARIABLE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1) != null ? m.group(1) : m.group(3);
      String fallback = m.group(2) != null ? m.group(2) : "";
      m.appendReplacement(out, Matcher.quoteReplacement(values.getOrDefault(name, fallback)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String unquote(String value) {
    List<String> words = words(value);
    return words.isEmpty() ? "" : words.get(0);
  }
}
