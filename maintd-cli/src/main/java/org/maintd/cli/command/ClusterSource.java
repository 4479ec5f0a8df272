package org.maintd.cli.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.client.RapiReader;
import org.maintd.cli.client.RapiSource;
import org.maintd.cluster.Cluster;
import org.maintd.rapi.HtoolsRapiLoader;
import org.maintd.rapi.RapiFormatException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The htools' backend options of a command that reads a cluster itself: an htools text file ({@code
 * -t}) or Ganeti's RAPI ({@code -m}, read as the htools read it), or neither (the daemon's
 * cluster). Luxi ({@code -L}) and iAllocator requests ({@code -I}) are refused as usage errors.
 */
final class ClusterSource {
  private static final Path GANETI_RAPI_PEM = Path.of("/var/lib/ganeti/rapi.pem");

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = {"-t", "--text-data"},
      paramLabel = "FILE",
      description = "Read the cluster from this htools text file instead of the daemon.")
  Path file;

  @Option(
      names = {"-m", "--master"},
      paramLabel = "ADDRESS",
      description =
          "Read the cluster from Ganeti's RAPI: a host (https://HOST:5080), HOST:PORT, a URL, or"
              + " file://DIR with RAPI's answers saved as groups.json, nodes.json, instances.json"
              + " and info.json.")
  String master;

  @Option(
      names = "--rapi-credentials",
      paramLabel = "FILE",
      description =
          "With -m: log in to RAPI as the 'user password' on this file's first line (mode 600)."
              + " Needed only where ganeti-rapi runs with --require-authentication.")
  Path credentials;

  @Option(
      names = "--rapi-ca-file",
      paramLabel = "PEM",
      description =
          "With -m: the certificates to trust for RAPI (default: /var/lib/ganeti/rapi.pem where"
              + " it can be read, else the JVM's CAs).")
  Path caFile;

  @Option(
      names = "--rapi-verify-hostname",
      description =
          "With -m: RAPI's certificate must name the host (Ganeti's self-signed one names none).")
  boolean verifyHostname;

  @Option(
      names = "--static-kvm-node-memory",
      paramLabel = "N",
      defaultValue = "4096",
      description =
          "On a KVM cluster read through RAPI (-m, or the daemon's Ganeti backend): the memory"
              + " (MiB) of each node's own system instead of what RAPI reports; 0 takes RAPI's"
              + " value (default: ${DEFAULT-VALUE}).")
  long staticKvmNodeMemory;

  @Option(
      names = {"-L", "--luxi"},
      arity = "0..1",
      fallbackValue = "",
      paramLabel = "SOCKET",
      description = "Not supported: use -m or the daemon.")
  String luxi;

  @Option(
      names = {"-I", "--ialloc-src"},
      paramLabel = "FILE",
      description = "Not supported: use -m or the daemon.")
  String iallocSource;

  /** Whether the cluster comes from the daemon; usage errors for what cannot be used. */
  boolean fromDaemon() {
    if (luxi != null) {
      throw usage("-L (Luxi) is not supported: use -m or the daemon");
    }
    if (iallocSource != null) {
      throw usage("-I (iAllocator request) is not supported: use -m or the daemon");
    }
    if (file != null && master != null) {
      throw usage("Only one of the rapi, luxi, and data files options should be given.");
    }
    List<String> rapiOnly = new ArrayList<>();
    if (master == null) {
      if (credentials != null) {
        rapiOnly.add("--rapi-credentials");
      }
      if (caFile != null) {
        rapiOnly.add("--rapi-ca-file");
      }
      if (verifyHostname) {
        rapiOnly.add("--rapi-verify-hostname");
      }
    }
    if (!rapiOnly.isEmpty()) {
      throw usage(String.join(", ", rapiOnly) + " only go with -m");
    }
    return file == null && master == null;
  }

  /** The cluster of {@code -t} or {@code -m}; call only when not {@link #fromDaemon()}. */
  Cluster load() throws HtoolsCommand.Failure {
    if (file != null) {
      return HtoolsCommand.read(file);
    }
    RapiSource source;
    try {
      source = RapiSource.parse(master);
    } catch (IllegalArgumentException e) {
      throw usage("-m: " + e.getMessage());
    }
    try {
      RapiReader reader =
          new RapiReader(
              trust(), verifyHostname, Optional.ofNullable(credentials).map(RapiReader::login));
      return new HtoolsRapiLoader().load(reader.read(source), staticKvmNodeMemory);
    } catch (ApiException | RapiFormatException e) {
      throw new HtoolsCommand.Failure("failed to load data, aborting: " + e.getMessage());
    }
  }

  private Path trust() {
    if (caFile != null) {
      return caFile;
    }
    return Files.isReadable(GANETI_RAPI_PEM) ? GANETI_RAPI_PEM : null;
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
