package org.maintd.daemon.ui;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/**
 * The page's templates, compiled to Java classes at build time (jte's Maven plugin, from {@code
 * src/main/jte}) and loaded as classes: none is read or compiled at run time. Thread-safe.
 */
final class Templates {
  private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

  /** The HTML of template {@code name} (such as {@code page.jte}) over {@code model}. */
  String render(String name, Object model) {
    StringOutput out = new StringOutput(16 * 1024);
    engine.render(name, model, out);
    return out.toString();
  }
}
