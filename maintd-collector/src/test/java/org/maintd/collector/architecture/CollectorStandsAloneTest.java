package org.maintd.collector.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The collector never uses the daemon's or maintctl's code: they meet only on the wire. */
class CollectorStandsAloneTest {
  @Test
  void theCollectorNeverUsesTheDaemonsOrTheCliCode() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.maintd.daemon..", "org.maintd.cli..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("org.maintd.collector"));
  }
}
