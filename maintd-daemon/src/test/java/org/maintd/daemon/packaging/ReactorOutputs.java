package org.maintd.daemon.packaging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The reactor as its poms declare it: its modules, and the jars {@code mvn package} leaves in each
 * module's {@code target} (the module's own jar, and the one each shade execution names with its
 * {@code finalName}), as paths from the project's top. Immutable.
 */
record ReactorOutputs(List<String> modules, Set<String> jars) {

  static ReactorOutputs of(Path top) {
    Document parent = read(top.resolve("pom.xml"));
    String version = text(parent.getDocumentElement(), "version");
    List<String> modules = new ArrayList<>();
    Set<String> jars = new LinkedHashSet<>();
    NodeList names = parent.getElementsByTagName("module");
    for (int i = 0; i < names.getLength(); i++) {
      String module = names.item(i).getTextContent().strip();
      modules.add(module);
      Element pom = read(top.resolve(module).resolve("pom.xml")).getDocumentElement();
      jars.add(module + "/target/" + text(pom, "artifactId") + "-" + version + ".jar");
      NodeList finalNames = pom.getElementsByTagName("finalName");
      for (int j = 0; j < finalNames.getLength(); j++) {
        jars.add(module + "/target/" + finalNames.item(j).getTextContent().strip() + ".jar");
      }
    }
    return new ReactorOutputs(List.copyOf(modules), Set.copyOf(jars));
  }

  /** The text of {@code element}'s own child {@code name} (not a nested one's). */
  private static String text(Element element, String name) {
    NodeList children = element.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      if (children.item(i) instanceof Element child && child.getTagName().equals(name)) {
        return child.getTextContent().strip();
      }
    }
    throw new IllegalArgumentException(element.getTagName() + " has no " + name);
  }

  private static Document read(Path pom) {
    try {
      return DocumentBuilderFactory.newInstance()
          .newDocumentBuilder()
          .parse(Files.newInputStream(pom));
    } catch (IOException | ParserConfigurationException | SAXException e) {
      throw new IllegalArgumentException("cannot read " + pom + ": " + e.getMessage(), e);
    }
  }
}
