package org.maintd.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouterTest {
  private final Router<String> router =
      new Router<String>()
          .add("GET", "/", "root")
          .add("GET", "/1/status", "status")
          .add("GET", "/1/incidents/{uuid}", "incident")
          .add("POST", "/1/incidents/{uuid}/cancel", "cancel")
          .add("POST", "/1/pause", "pause");

  @Test
  void aPathWithoutParametersIsFoundWithNone() {
    assertEquals("status", router.route("GET", "/1/status").handler());
    assertEquals(Map.of(), router.route("GET", "/1/status").params());
    assertEquals("root", router.route("GET", "/").handler());
    assertEquals("status", router.route("HEAD", "/1/status").handler());
  }

  @Test
  void aPatternGivesItsParameters() {
    Router.Match<String> m = router.route("GET", "/1/incidents/abc");
    assertEquals("incident", m.handler());
    assertEquals("abc", m.param("uuid"));
    assertEquals("abc", router.route("POST", "/1/incidents/abc/cancel").param("uuid"));
  }

  @Test
  void anEmptyParameterOrAnUnknownPathIsNotFound() {
    assertEquals(
        404, assertThrows(HttpError.class, () -> router.route("GET", "/1/incidents/")).status());
    assertEquals(
        404, assertThrows(HttpError.class, () -> router.route("GET", "/1/status/")).status());
    assertEquals(
        404, assertThrows(HttpError.class, () -> router.route("GET", "/2/status")).status());
  }

  @Test
  void anotherMethodIsRefusedNamingTheAllowedOnes() {
    Router.MethodNotAllowed e =
        assertThrows(Router.MethodNotAllowed.class, () -> router.route("POST", "/1/status"));
    assertEquals(405, e.status());
    assertEquals(Set.of("GET", "HEAD"), e.allowed());
    Router.MethodNotAllowed p =
        assertThrows(Router.MethodNotAllowed.class, () -> router.route("GET", "/1/pause"));
    assertEquals(Set.of("POST"), p.allowed());
  }
}
