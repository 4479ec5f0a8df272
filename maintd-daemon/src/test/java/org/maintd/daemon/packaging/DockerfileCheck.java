package org.maintd.daemon.packaging;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.maintd.daemon.packaging.ParsedDockerfile.Stage;

/**
 * What the project's Dockerfile must do, each failure named with its line: copy from the checkout
 * only files that are there and that {@code .dockerignore} lets in, every module's pom and sources
 * into the stage that builds; copy from that stage only jars the reactor builds; make the daemon's
 * image (the default target) run as a user other than root with {@code /etc/maintd} and {@code
 * /var/lib/maintd} as volumes, port 1816 exposed and a health check of {@code /1/health}; and have
 * a {@code collector} target. Stateless.
 */
final class DockerfileCheck {
  static final Set<String> VOLUMES = Set.of("/etc/maintd", "/var/lib/maintd");
  static final String PORT = "1816";
  static final String HEALTH = "/1/health";

  private final ReactorOutputs reactor;
  private final DockerIgnore ignore;
  private final Predicate<String> inCheckout;

  DockerfileCheck(ReactorOutputs reactor, DockerIgnore ignore, Predicate<String> inCheckout) {
    this.reactor = reactor;
    this.ignore = ignore;
    this.inCheckout = inCheckout;
  }

  /** Every way {@code file} fails the rules above; empty when it keeps them all. */
  List<String> problems(ParsedDockerfile file) {
    List<String> problems = new ArrayList<>();
    for (Stage stage : file.stages()) {
      StageSettings settings = StageSettings.of(file, stage);
      for (Copy copy : settings.copies()) {
        if (copy.fromContext()) {
          problems.addAll(contextProblems(copy));
        } else {
          problems.addAll(buildProblems(file, copy));
        }
      }
    }
    problems.addAll(moduleProblems(file));
    problems.addAll(daemonProblems(StageSettings.of(file, file.last())));
    if (file.stage("collector").isEmpty()) {
      problems.add("no stage is named collector (docker build --target collector)");
    }
    return problems;
  }

  private List<String> contextProblems(Copy copy) {
    List<String> problems = new ArrayList<>();
    for (String source : copy.sources()) {
      String path = source.replaceAll("^\\./|/$", "");
      if (!path.equals(".") && !inCheckout.test(path)) {
        problems.add("line " + copy.line() + ": " + source + " is not in the checkout");
      } else if (ignore.ignores(path)) {
        problems.add("line " + copy.line() + ": " + source + " is left out by .dockerignore");
      }
    }
    return problems;
  }

  private List<String> buildProblems(ParsedDockerfile file, Copy copy) {
    Optional<Stage> from = file.stage(copy.from().orElseThrow());
    if (from.isEmpty()) {
      return List.of("line " + copy.line() + ": --from=" + copy.from().get() + " names no stage");
    }
    String top = StageSettings.of(file, from.get()).workdir().replaceAll("/$", "") + "/";
    List<String> problems = new ArrayList<>();
    for (String source : copy.sources()) {
      if (!source.startsWith(top) || !reactor.jars().contains(source.substring(top.length()))) {
        problems.add(
            "line "
                + copy.line()
                + ": "
                + source
                + " is no jar the reactor builds in "
                + top
                + " (it builds "
                + String.join(", ", reactor.jars().stream().sorted().toList())
                + ")");
      }
    }
    return problems;
  }

  /** Every module's pom and sources go into each stage that others copy from. */
  private List<String> moduleProblems(ParsedDockerfile file) {
    List<String> problems = new ArrayList<>();
    for (Stage stage : file.stages()) {
      if (file.stages().stream()
          .flatMap(s -> StageSettings.of(file, s).copies().stream())
          .noneMatch(c -> c.from().equals(Optional.of(stage.name())))) {
        continue;
      }
      List<String> copied =
          StageSettings.of(file, stage).copies().stream()
              .filter(Copy::fromContext)
              .flatMap(c -> c.sources().stream())
              .map(s -> s.replaceAll("^\\./|/$", ""))
              .toList();
      List<String> needed = new ArrayList<>(List.of("pom.xml"));
      reactor.modules().forEach(m -> needed.addAll(List.of(m + "/pom.xml", m + "/src")));
      for (String path : needed) {
        if (!copied.contains(path) && !copied.contains(".")) {
          problems.add("stage " + stage.name() + " does not copy " + path + " to build it");
        }
      }
    }
    return problems;
  }

  private List<String> daemonProblems(StageSettings daemon) {
    List<String> problems = new ArrayList<>();
    String user = daemon.user().split(":", 2)[0];
    if (user.equals("root") || user.equals("0")) {
      problems.add("the default target runs as root (USER " + daemon.user() + ")");
    }
    for (String volume : VOLUMES) {
      if (!daemon.volumes().contains(volume)) {
        problems.add("the default target has no VOLUME " + volume);
      }
    }
    if (!daemon.exposed().contains(PORT)) {
      problems.add(
          "the default target does not EXPOSE " + PORT + " (it exposes " + daemon.exposed() + ")");
    }
    String check = daemon.expandedHealthCheck().orElse("");
    if (!check.contains(HEALTH)) {
      problems.add("the default target's HEALTHCHECK does not ask " + HEALTH + ": '" + check + "'");
    }
    return problems;
  }
}
