package org.maintd.daemon.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's headless Chromium driven through Debian's chromedriver (packages {@code chromium} and
 * {@code chromium-driver}), nothing downloaded: a window of the size a test asks, its console
 * recorded. A test skips when either is not installed, but fails instead where they must be, as in
 * CI (the environment variable {@code MAINTD_BROWSER_REQUIRED=true}, or {@code
 * -Dmaintd.browser.required=true}). Not thread-safe: one test thread drives one browser.
 */
public final class HeadlessChromium implements AutoCloseable {
  /** Where Debian's packages install them. */
  public static final Path BROWSER = Path.of("/usr/bin/chromium");

  public static final Path DRIVER = Path.of("/usr/bin/chromedriver");

  private final ChromeDriver driver;

  private HeadlessChromium(ChromeDriver driver) {
    this.driver = driver;
  }

  /** Skips, or fails where the browser is required, unless Chromium and its driver can be run. */
  public static void require() {
    boolean there = Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
    String why =
        "Chromium or its driver is not installed at "
            + BROWSER
            + " and "
            + DRIVER
            + " (Debian packages chromium and chromium-driver; .ci/run installs them)";
    if (Boolean.getBoolean("maintd.browser.required")
        || "true".equals(System.getenv("MAINTD_BROWSER_REQUIRED"))) {
      assertTrue(there, why);
    }
    Assumptions.assumeTrue(there, why);
  }

  /**
   * A headless browser with a window {@code width} by {@code height} pixels; under 500 px wide (the
   * narrowest window), a phone's screen of that size.
   */
  public static HeadlessChromium open(int width, int height) {
    require();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=" + width + "," + height);
    options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
    if (width < 500) {
      // a window is at least 500 px wide: narrower, the page is shown as a phone shows it
      options.setExperimentalOption(
          "mobileEmulation",
          Map.of("deviceMetrics", Map.of("width", width, "height", height, "pixelRatio", 1.0)));
    }
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    return new HeadlessChromium(driver);
  }

  public ChromeDriver driver() {
    return driver;
  }

  /** What the page wrote to the console as errors since the last call (network errors too). */
  public List<String> consoleErrors() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
        .map(LogEntry::getMessage)
        .toList();
  }

  /** The window as it shows now, as a PNG at {@code file}. */
  public void screenshot(Path file) throws java.io.IOException {
    File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
    Files.createDirectories(file.getParent());
    Files.copy(shot.toPath(), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public void close() {
    driver.quit();
  }
}
