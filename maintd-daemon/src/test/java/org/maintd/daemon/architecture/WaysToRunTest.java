package org.maintd.daemon.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ways the daemon runs are asked of their types, not of a value that may be missing: in the
 * wiring, only how the daemon comes to lead ({@code Leading}) holds an election, and only where the
 * state lives ({@code StateStores}) holds the connection to ZooKeeper; the rest of the daemon asks
 * them, whichever way it runs.
 */
class WaysToRunTest {
  private static final String APP = "org.maintd.daemon.app";
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
  void onlyLeadingHoldsTheElection() {
    noClasses()
        .that()
        .resideInAPackage(APP)
        .and()
        .haveNameNotMatching(APP + "\\.(Leading|Ways)(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("org.maintd.daemon.leader.Election")
        .because("a daemon that leads from its start has no election: ask Leading")
        .check(daemon);
  }

  @Test
  void onlyTheStoresHoldTheConnectionToZooKeeper() {
    noClasses()
        .that()
        .resideInAPackage(APP)
        .and()
        .haveNameNotMatching(APP + "\\.(StateStores|Ways|StateTransfer)(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("org.maintd.daemon.zookeeper.ZooKeeperConnection")
        .because("a daemon whose state is in a file has no ZooKeeper: ask StateStores")
        .check(daemon);
  }
}
