package org.maintd.daemon.tour;

import java.nio.file.Path;
import java.util.List;
import org.maintd.daemon.testing.HeadlessChromium;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The status page in a browser, as the page tests read and use it: what an element shows (nothing
 * when it is not there, or was just replaced by a poll), a click, the credentials form, and
 * screenshots. Not thread-safe.
 */
final class StatusPageDriver {
  private final HeadlessChromium browser;
  private final ChromeDriver driver;
  private final String base;

  StatusPageDriver(HeadlessChromium browser, String base) {
    this.browser = browser;
    this.driver = browser.driver();
    this.base = base;
  }

  void open(String path) {
    driver.get(base + path);
  }

  /** Marks the loaded page, so that {@link #notReloaded} can tell it is the same page. */
  void markLoaded() {
    driver.executeScript("window.maintdTestMark = true;");
  }

  boolean notReloaded() {
    return Boolean.TRUE.equals(driver.executeScript("return window.maintdTestMark === true;"));
  }

  boolean has(String css) {
    return !driver.findElements(By.cssSelector(css)).isEmpty();
  }

  /** The element's text; empty when there is none. */
  String text(String css) {
    return read(css, WebElement::getText);
  }

  /** The element's attribute; empty when there is none. */
  String attr(String css, String name) {
    return read(css, e -> e.getAttribute(name));
  }

  /** Clicks the element, found again when a poll replaced it between the finding and the click. */
  void click(String css) {
    for (int attempt = 0; ; attempt++) {
      try {
        driver.findElement(By.cssSelector(css)).click();
        return;
      } catch (StaleElementReferenceException replacedByAPoll) {
        if (attempt == 2) {
          throw replacedByAPoll;
        }
      }
    }
  }

  long number(String script) {
    return ((Number) ((JavascriptExecutor) driver).executeScript(script)).longValue();
  }

  /** Fills in the page's credentials form. */
  void login(String user, String password) {
    WebElement form = driver.findElement(By.id("login"));
    form.findElement(By.name("user")).clear();
    form.findElement(By.name("user")).sendKeys(user);
    form.findElement(By.name("password")).sendKeys(password);
    form.findElement(By.cssSelector("button")).click();
  }

  /** Empties the credentials form: changes go without credentials. */
  void logout() {
    WebElement form = driver.findElement(By.id("login"));
    form.findElement(By.name("user")).clear();
    form.findElement(By.cssSelector("button")).click();
  }

  /** The whole page, however long, as a PNG. */
  void fullScreenshot(Path file) throws java.io.IOException {
    driver.executeScript("window.scrollTo(0, 0);");
    Dimension before = driver.manage().window().getSize();
    long height = number("return document.documentElement.scrollHeight");
    driver.manage().window().setSize(new Dimension(before.getWidth(), (int) height + 20));
    try {
      browser.screenshot(file);
    } finally {
      driver.manage().window().setSize(before);
    }
  }

  /** One element of the page as a PNG. */
  void elementScreenshot(String css, Path file) throws java.io.IOException {
    byte[] png = driver.findElement(By.cssSelector(css)).getScreenshotAs(OutputType.BYTES);
    java.nio.file.Files.createDirectories(file.getParent());
    java.nio.file.Files.write(file, png);
  }

  private String read(String css, java.util.function.Function<WebElement, String> what) {
    for (int attempt = 0; attempt < 3; attempt++) {
      List<WebElement> found = driver.findElements(By.cssSelector(css));
      if (found.isEmpty()) {
        return "";
      }
      try {
        String v = what.apply(found.get(0));
        return v == null ? "" : v;
      } catch (StaleElementReferenceException replacedByAPoll) {
        // the poll replaced the part meanwhile: read the new one
      }
    }
    return "";
  }
}
