package org.maintd.collector.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.maintd.collector.config.CollectorConfigLoader;
import org.maintd.config.ConfigException;

/**
 * {@code maintd-collector [-c FILE]...}: starts one collector per configuration file (default
 * {@code /etc/maintd/maintd-collector.yaml}) and runs until stopped. Several files serve several
 * simulated nodes from one process. Exit codes: 0 stopped, 1 failed to start, 2 usage or
 * configuration error.
 */
public final class CollectorMain {
  private CollectorMain() {}

  public static void main(String[] args) {
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if ((args[i].equals("-c") || args[i].equals("--config")) && i + 1 < args.length) {
        files.add(Path.of(args[++i]));
      } else {
        System.err.println("usage: maintd-collector [-c FILE]...");
        System.exit(2);
      }
    }
    if (files.isEmpty()) {
      files.add(Path.of("/etc/maintd/maintd-collector.yaml"));
    }
    System.exit(run(files));
  }

  static int run(List<Path> files) {
    List<Collector> collectors = new ArrayList<>();
    try {
      for (Path file : files) {
        Collector c = new Collector(new CollectorConfigLoader().load(file), Clock.systemUTC());
        c.start();
        collectors.add(c);
      }
    } catch (ConfigException e) {
      System.err.println("maintd-collector: " + e.getMessage());
      return 2;
    } catch (Exception e) {
      System.err.println("maintd-collector: cannot start: " + e);
      return 1;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> collectors.forEach(CollectorMain::stop)));
    try {
      Thread.currentThread().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  private static void stop(Collector c) {
    try {
      c.close();
    } catch (Exception e) {
      System.err.println("maintd-collector: stopping " + c.node() + ": " + e);
    }
  }
}
