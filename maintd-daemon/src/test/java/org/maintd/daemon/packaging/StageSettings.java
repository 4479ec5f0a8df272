package org.maintd.daemon.packaging;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.daemon.packaging.ParsedDockerfile.Instruction;
import org.maintd.daemon.packaging.ParsedDockerfile.Stage;

/**
 * What an image made from a stage runs with: its user, environment, volumes, exposed ports, health
 * check and working directory, as the stage sets them on top of the stage it starts from. Also the
 * copies the stage itself makes. Immutable once made.
 */
record StageSettings(
    String user,
    Map<String, String> env,
    Set<String> volumes,
    Set<String> exposed,
    Optional<String> healthCheck,
    String workdir,
    List<Copy> copies) {
  private static final Set<String> READS_WORDS =
      Set.of("USER", "ENV", "VOLUME", "EXPOSE", "WORKDIR");

  /** The settings of {@code stage} in {@code file}, those of the stage it starts from included. */
  static StageSettings of(ParsedDockerfile file, Stage stage) {
    StageSettings start =
        file.stages().stream()
            .takeWhile(s -> s != stage)
            .filter(s -> !s.name().isEmpty() && s.name().equals(stage.base()))
            .reduce((a, b) -> b)
            .map(s -> of(file, s))
            .orElse(
                new StageSettings(
                    "root", Map.of(), Set.of(), Set.of(), Optional.empty(), "/", List.of()));
    return start.then(stage.instructions());
  }

  /** The health check's command with the stage's environment filled in. */
  Optional<String> expandedHealthCheck() {
    return healthCheck.map(c -> ParsedDockerfile.expand(c, env));
  }

  private StageSettings then(List<Instruction> instructions) {
    String u = user;
    Map<String, String> e = new HashMap<>(env);
    Set<String> v = new LinkedHashSet<>(volumes);
    Set<String> x = new LinkedHashSet<>(exposed);
    Optional<String> h = healthCheck;
    String w = workdir;
    List<Copy> c = new ArrayList<>();
    for (Instruction i : instructions) {
      List<String> words =
          READS_WORDS.contains(i.keyword()) ? ParsedDockerfile.words(i.arguments()) : List.of();
      switch (i.keyword()) {
        case "USER" -> u = words.get(0);
        case "ENV" -> {
          // the values of one ENV see the environment from before it, as the builder's do
          Map<String, String> before = Map.copyOf(e);
          pairs(words).forEach((k, value) -> e.put(k, ParsedDockerfile.expand(value, before)));
        }
        case "VOLUME" -> v.addAll(words);
        case "EXPOSE" -> words.forEach(p -> x.add(p.replaceFirst("/tcp$", "")));
        case "HEALTHCHECK" -> h = healthCheck(i.arguments());
        case "WORKDIR" -> w = words.get(0).startsWith("/") ? words.get(0) : w + "/" + words.get(0);
        case "COPY", "ADD" -> c.add(Copy.of(i));
        default -> {
          // RUN, ARG, ENTRYPOINT, CMD, LABEL, ...: nothing the checks read
        }
      }
    }
    return new StageSettings(u, Map.copyOf(e), Set.copyOf(v), Set.copyOf(x), h, w, List.copyOf(c));
  }

  /** {@code KEY=VALUE} words, or the older {@code KEY VALUE...} form. */
  private static Map<String, String> pairs(List<String> words) {
    Map<String, String> pairs = new HashMap<>();
    if (!words.isEmpty() && !words.get(0).contains("=")) {
      pairs.put(words.get(0), String.join(" ", words.subList(1, words.size())));
      return pairs;
    }
    for (String word : words) {
      String[] kv = word.split("=", 2);
      pairs.put(kv[0], kv.length == 2 ? kv[1] : "");
    }
    return pairs;
  }

  /** The command after {@code CMD}, its options before it left aside; empty for {@code NONE}. */
  private static Optional<String> healthCheck(String arguments) {
    int cmd = arguments.indexOf("CMD ");
    return cmd < 0 ? Optional.empty() : Optional.of(arguments.substring(cmd + 4).strip());
  }
}
