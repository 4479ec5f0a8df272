package org.maintd.daemon.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.protocol.json.Json;

/**
 * The curl examples of a Markdown document: each {@code curl} line of a fenced block (or {@code $
 * curl}, a prompt before it), its comment cut off, and the JSON example of the block right after
 * it, if that block is JSON, as the answer's shape the document shows ({@code ...} where it leaves
 * out more of the same). Immutable.
 */
public record DocExamples(List<Example> examples) {
  /** A curl command and what the document shows it answers (empty: nothing shown). */
  public record Example(String command, Optional<Object> shown) {
    /** The path (and query) the command asks for, as the document writes it. */
    public String path() {
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("localhost:1816(/[^\\s']*)").matcher(command);
      if (!m.find()) {
        throw new AssertionError("no URL of localhost:1816 in " + command);
      }
      return m.group(1);
    }
  }

  public static DocExamples of(String markdown) {
    List<String> blocks = new ArrayList<>();
    List<String> kinds = new ArrayList<>();
    String[] lines = markdown.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].startsWith("```")) {
        int end = i + 1;
        while (end < lines.length && !lines[end].startsWith("```")) {
          end++;
        }
        kinds.add(lines[i].substring(3).strip());
        blocks.add(String.join("\n", List.of(lines).subList(i + 1, Math.min(end, lines.length))));
        i = end;
      }
    }
    List<Example> examples = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      Optional<Object> shown =
          b + 1 < blocks.size() && kinds.get(b + 1).equals("json")
              ? Optional.of(lenient(blocks.get(b + 1)))
              : Optional.empty();
      for (String line : blocks.get(b).split("\n")) {
        String command = line.startsWith("$ curl ") ? line.substring(2) : line;
        if (command.startsWith("curl ")) {
          examples.add(new Example(command.replaceFirst("\\s+#.*$", ""), shown));
        }
      }
    }
    return new DocExamples(examples);
  }

  /** The JSON the document shows, its {@code ...} for more of the same taken out. */
  private static Object lenient(String shown) {
    String json =
        shown
            .replaceAll(",\\s*\\.\\.\\.(?=\\s*[\\]}])", "")
            .replaceAll(":\\s*\\.\\.\\.(?=\\s*[,}\\]])", ": null");
    try {
      return Json.parse(json);
    } catch (java.io.IOException e) {
      throw new AssertionError("the document shows JSON that is not JSON:\n" + json, e);
    }
  }

  /**
   * The fields {@code shown} names that {@code answer} lacks, each by its place: an object's
   * fields, those of the objects it holds where the answer has them, and a list's first element
   * checked against every element of the answer's list (or the answer itself a list of them).
   */
  public static List<String> missing(Object shown, Object answer, String at) {
    List<String> out = new ArrayList<>();
    if (answer instanceof List<?> list && !(shown instanceof List)) {
      for (int i = 0; i < list.size(); i++) {
        out.addAll(missing(shown, list.get(i), at + "[" + i + "]"));
      }
    } else if (shown instanceof Map<?, ?> fields && answer instanceof Map<?, ?> got) {
      if (anotherKind(fields, got)) {
        // a list of several kinds (a job's operations, the plan's items): the document shows one
        return out;
      }
      fields.forEach(
          (name, value) -> {
            if (!got.containsKey(name)) {
              out.add(at + "." + name);
            } else if (value != null && got.get(name) != null) {
              out.addAll(missing(value, got.get(name), at + "." + name));
            }
          });
    } else if (shown instanceof List<?> s && !s.isEmpty() && answer instanceof List<?> a) {
      for (int i = 0; i < a.size(); i++) {
        out.addAll(missing(s.get(0), a.get(i), at + "[" + i + "]"));
      }
    }
    return out;
  }

  /** Whether the two objects say they are of different kinds ({@code op} or {@code kind}). */
  private static boolean anotherKind(Map<?, ?> shown, Map<?, ?> answer) {
    for (String key : List.of("op", "kind")) {
      if (shown.containsKey(key)
          && answer.containsKey(key)
          && !java.util.Objects.equals(shown.get(key), answer.get(key))) {
        return true;
      }
    }
    return false;
  }
}
