package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * The manual pages and the bash completion the build makes from maintctl's commands (target/man,
 * target/completion): a page per command and subcommand that groff renders without a warning, a top
 * page with the sections an operator looks for, and completion of commands and options. Runs groff
 * once per page and bash once per completion: about two seconds.
 */
class ManPagesTest {
  static final Path MAN = Path.of("target/man");
  static final Path COMPLETION = Path.of("target/completion/maintctl");
  static final Path GROFF = Path.of("/usr/bin/groff");

  record Run(int code, String out, String err) {}

  static Run run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Run(p.waitFor(), out, err);
  }

  static Run groff(Path page) throws IOException, InterruptedException {
    assertTrue(
        Files.isExecutable(GROFF),
        "groff is not installed (Debian package groff-base; .ci/run installs it)");
    return run(List.of(GROFF.toString(), "-man", "-Tutf8", "-P-cbou", "-ww", page.toString()));
  }

  static Set<String> pagesOf(CommandLine command) {
    Set<String> pages = new TreeSet<>();
    pages.add(command.getCommandSpec().qualifiedName("-") + ".1");
    command.getSubcommands().values().forEach(sub -> pages.addAll(pagesOf(sub)));
    return pages;
  }

  static List<Path> pages() throws IOException {
    try (Stream<Path> files = Files.list(MAN)) {
      return files.sorted().toList();
    }
  }

  @Test
  void everyCommandAndSubcommandHasItsOwnPage() throws IOException {
    Set<String> made =
        pages().stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    Set<String> commands = pagesOf(new CommandLine(new Maintctl()));
    assertTrue(commands.contains("maintctl-campaign-start.1"), commands.toString());
    assertEquals(commands, new TreeSet<>(made));
  }

  @Test
  void groffRendersEveryPageWithoutAWarning() throws Exception {
    for (Path page : pages()) {
      Run r = groff(page);
      assertEquals(0, r.code(), page + ": " + r.err());
      assertEquals("", r.err(), page + " makes groff warn");
      assertTrue(r.out().contains("NAME"), page + " renders no NAME section:\n" + r.out());
    }
  }

  @Test
  void theTopPageHasTheSectionsOfAManualPageAndListsEveryCommand() throws Exception {
    String text = groff(MAN.resolve("maintctl.1")).out();
    List<String> sections = new ArrayList<>();
    text.lines().filter(l -> l.matches("[A-Z][A-Z ]+")).forEach(sections::add);
    assertEquals(
        List.of(
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT"),
        sections);
    assertTrue(text.contains("maintctl - Inspect and steer maintd."), text);
    assertTrue(text.contains("MAINTD_KEY_FILE"), text);
    String commands = text.substring(text.indexOf("COMMANDS"), text.indexOf("EXIT STATUS"));
    for (String name : new CommandLine(new Maintctl()).getSubcommands().keySet()) {
      assertTrue(
          commands.contains("\n       " + name + "\n"), name + " is not listed:\n" + commands);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "'maintctl do', down",
    "'maintctl campaign st', start",
    "'maintctl down --fo', --force",
    "'maintctl sim power', power-on"
  })
  void bashCompletesCommandsAndOptions(String line, String completion) throws Exception {
    String words = line.replace("'", "");
    int cword = words.split(" ").length - 1;
    Run r =
        run(
            List.of(
                "bash",
                "-c",
                "source "
                    + COMPLETION
                    + "; COMP_WORDS=("
                    + words
                    + "); COMP_CWORD="
                    + cword
                    + "; COMP_LINE='"
                    + words
                    + "'; COMP_POINT=${#COMP_LINE}; _complete_maintctl 2>/dev/null;"
                    + " printf '%s\\n' \"${COMPREPLY[@]}\""));
    assertEquals(0, r.code(), r.err());
    assertEquals(List.of(completion), r.out().lines().map(String::strip).toList(), line);
  }
}
