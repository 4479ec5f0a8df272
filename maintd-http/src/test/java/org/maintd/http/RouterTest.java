package org.maintd.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
    "abc, abc",
    "team%3Adisk, team:disk",
    "a%20b, a b",
    "a+b, a+b",
    "%25, %",
    "%C3%A9t%C3%A9, été",
    "'..%2F..%2Fx', '../../x'"
  })
  void aParameterIsItsSegmentPercentDecodedOnce(String sent, String value) {
    assertEquals(value, router.route("GET", "/1/incidents/" + sent).param("uuid"));
  }

  @Test
  void aSegmentThatIsNotPercentEncodedUtf8IsABadRequest() {
    HttpError e = assertThrows(HttpError.class, () -> router.route("GET", "/1/incidents/a%zz"));
    assertEquals(400, e.status());
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

  @Test
  void listsEveryRouteWithItsMethodAndPatternInTheOrderAdded() {
    Router<String> r =
        new Router<String>()
            .add("GET", "/", "root")
            .add("GET", "/1/nodes/{node}/reboot", "reboots")
            .add("DELETE", "/1/nodes/{node}/reboot/{key}", "release");
    assertEquals(
        List.of(
            new Router.Endpoint("GET", "/"),
            new Router.Endpoint("GET", "/1/nodes/{node}/reboot"),
            new Router.Endpoint("DELETE", "/1/nodes/{node}/reboot/{key}")),
        r.endpoints());
  }
}
