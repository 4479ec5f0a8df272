package org.maintd.daemon.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The daemon's packages point one way: {@code app} wires everything and nothing depends on it; the
 * runner knows nothing of HTTP; each backend is on its own, known only to {@code app}; the parts'
 * life ({@code service}) and the configuration depend on no other package of the daemon; and the
 * daemon never uses the collector's code (they meet only on the wire).
 */
class DaemonDirectionTest {
  private static JavaClasses daemon;

  @BeforeAll
  static void importDaemon() {
    daemon =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("org.maintd.daemon");
  }

  @Test
  void onlyTheWiringKnowsTheWiring() {
    noClasses()
        .that()
        .resideOutsideOfPackage("org.maintd.daemon.app..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.maintd.daemon.app..")
        .check(daemon);
  }

  @Test
  void theRunnerKnowsNothingOfHttp() {
    noClasses()
        .that()
        .resideInAPackage("org.maintd.daemon.runner..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.maintd.daemon.http..", "org.eclipse.jetty..")
        .check(daemon);
  }

  @Test
  void eachBackendIsOnItsOwnAndOnlyTheWiringPicksOne() {
    noClasses()
        .that()
        .resideInAPackage("org.maintd.daemon.backend.ganeti..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.maintd.daemon.backend.sim..")
        .check(daemon);
    noClasses()
        .that()
        .resideInAPackage("org.maintd.daemon.backend.sim..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.maintd.daemon.backend.ganeti..")
        .check(daemon);
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "org.maintd.daemon.app..",
            "org.maintd.daemon.backend.ganeti..",
            "org.maintd.daemon.backend.sim..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.maintd.daemon.backend.ganeti..", "org.maintd.daemon.backend.sim..")
        .check(daemon);
  }

  @Test
  void thePartsLifeAndTheConfigurationStandOnTheirOwn() {
    noClasses()
        .that()
        .resideInAnyPackage("org.maintd.daemon.service..", "org.maintd.daemon.config..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.maintd.daemon.app..",
            "org.maintd.daemon.backend..",
            "org.maintd.daemon.http..",
            "org.maintd.daemon.leader..",
            "org.maintd.daemon.metrics..",
            "org.maintd.daemon.poll..",
            "org.maintd.daemon.repair..",
            "org.maintd.daemon.runner..",
            "org.maintd.daemon.store..",
            "org.maintd.daemon.zookeeper..")
        .check(daemon);
  }

  @Test
  void theDaemonNeverUsesTheCollectorsCode() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.maintd.collector..")
        .check(daemon);
  }
}
