package org.maintd.config;

import java.util.List;

/** A configuration is invalid. The message lists every problem, each with its key. */
public class ConfigException extends RuntimeException {
  private final List<String> problems;

  public ConfigException(String source, List<String> problems) {
    super(source + ": " + problems.size() + " problem(s):\n  " + String.join("\n  ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
