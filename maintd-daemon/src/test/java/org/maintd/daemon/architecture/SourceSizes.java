package org.maintd.daemon.architecture;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import java.util.ArrayList;
import java.util.List;

/**
 * The house's bounds on the size of main code, measured on one source file: its lines, and the
 * lines of each method and constructor from its signature (annotations included, its Javadoc not)
 * to its closing brace. Not thread-safe: one parser, used by one test at a time.
 */
final class SourceSizes {
  /** A main file of the daemon's module may have this many lines at most. */
  static final int DAEMON_FILE_LINES = 300;

  /** A main file of any other module may have this many lines at most. */
  static final int FILE_LINES = 400;

  /** A method or constructor may have this many lines at most. */
  static final int METHOD_LINES = 60;

  private final JavaParser parser =
      new JavaParser(
          new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

  /** What of one file is over its bounds, each as a line naming the file, the part and its size. */
  List<String> overBounds(String name, String source, int fileBound) {
    List<String> over = new ArrayList<>();
    long lines = source.lines().count();
    if (lines > fileBound) {
      over.add(name + ": " + lines + " lines (at most " + fileBound + ")");
    }
    ParseResult<CompilationUnit> parsed = parser.parse(source);
    CompilationUnit unit =
        parsed
            .getResult()
            .filter(u -> parsed.isSuccessful())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        name + " does not parse: " + parsed.getProblems()));
    for (CallableDeclaration<?> callable : unit.findAll(CallableDeclaration.class)) {
      callable
          .getRange()
          .ifPresent(
              r -> {
                int length = r.end.line - r.begin.line + 1;
                if (length > METHOD_LINES) {
                  over.add(
                      name
                          + ":"
                          + r.begin.line
                          + " "
                          + callable.getNameAsString()
                          + ": "
                          + length
                          + " lines (at most "
                          + METHOD_LINES
                          + ")");
                }
              });
    }
    return over;
  }
}
