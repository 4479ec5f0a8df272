package org.maintd.protocol.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SignatureVerifierTest {
  private static final String MSG = "{\"name\":\"diagnose\"}";
  private static final Instant NOW = Instant.ofEpochSecond(1732270000);
  private final HmacKey key = new HmacKey("cluster-secret".getBytes(StandardCharsets.UTF_8));
  private final SignatureVerifier verifier = new SignatureVerifier(key, Duration.ofSeconds(300));

  @Test
  void signsAsHmacSha256OverSaltThenMessageInLowercaseHex() {
    // Computed independently: hmac.new(b'cluster-secret', b'1732270000' + MSG, sha256).hexdigest()
    assertEquals(
        "3edfd50398cad1bee6756d5f13f5448f0903d98f2f686bb00ca0206858a8b322",
        key.sign(MSG, NOW).hmac());
    assertEquals("1732270000", key.sign(MSG, NOW).salt());
  }

  @Test
  void acceptsAGoodSignature() {
    assertEquals(MSG, verifier.verify("node1", key.sign(MSG, NOW), NOW.plusSeconds(10)));
  }

  @Test
  void rejectsReportSignedWithAnotherKey() {
    SignedMessage forged = new HmacKey("other".getBytes(StandardCharsets.UTF_8)).sign(MSG, NOW);
    assertReason(SignatureException.Reason.BAD_SIGNATURE, forged, NOW);
  }

  @Test
  void rejectsAFlippedByteInMessageOrSignature() {
    SignedMessage good = key.sign(MSG, NOW);
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE,
        new SignedMessage(MSG.replace('d', 'e'), good.salt(), good.hmac()),
        NOW);
    char last = good.hmac().charAt(63);
    String flipped = good.hmac().substring(0, 63) + (last == '0' ? '1' : '0');
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE, new SignedMessage(MSG, good.salt(), flipped), NOW);
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE,
        new SignedMessage(MSG, "1732270001", good.hmac()),
        NOW);
  }

  @Test
  void takesTheSignatureInEitherCaseButRefusesOneThatIsNotHexOrIsShort() {
    SignedMessage good = key.sign(MSG, NOW);
    assertEquals(
        MSG,
        verifier.verify(
            "upper", new SignedMessage(MSG, good.salt(), good.hmac().toUpperCase()), NOW));
    String notHex = "g" + good.hmac().substring(1);
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE, new SignedMessage(MSG, good.salt(), notHex), NOW);
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE,
        new SignedMessage(MSG, good.salt(), good.hmac().substring(0, 62)),
        NOW);
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE,
        new SignedMessage(MSG, good.salt(), good.hmac().substring(1)),
        NOW);
    assertReason(
        SignatureException.Reason.BAD_SIGNATURE, new SignedMessage(MSG, good.salt(), ""), NOW);
  }

  @Test
  void rejectsStaleAndFutureSalts() {
    assertReason(SignatureException.Reason.STALE, key.sign(MSG, NOW), NOW.plusSeconds(301));
    assertReason(SignatureException.Reason.FUTURE, key.sign(MSG, NOW), NOW.minusSeconds(301));
    assertEquals(MSG, verifier.verify("n", key.sign(MSG, NOW), NOW.plusSeconds(300)));
  }

  @Test
  void rejectsAReplayOfAnOlderReportFromTheSameNode() {
    verifier.verify("node1", key.sign(MSG, NOW.plusSeconds(20)), NOW.plusSeconds(20));
    assertReason(SignatureException.Reason.REPLAYED, key.sign(MSG, NOW), NOW.plusSeconds(21));
    assertEquals(MSG, verifier.verify("node2", key.sign(MSG, NOW), NOW.plusSeconds(21)));
  }

  /**
   * Within one second, reports differ and each is accepted once; the same report again, byte for
   * byte or with its signature in another letter case, is a replay; a newer second starts afresh;
   * another node's record is its own.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "another report of the same second, 0, other, lower, node1, accepted",
    "the same report again, 0, same, lower, node1, replayed",
    "the same report with its signature in capitals, 0, same, upper, node1, replayed",
    "the same report from another node, 0, same, lower, node2, accepted",
    "a report of the next second, 1, other, lower, node1, accepted",
    "a report of the second before, -1, other, lower, node1, replayed"
  })
  void refusesAReportAcceptedAlreadyAsAReplay(
      String what, int second, String message, String letters, String source, String answer) {
    SignedMessage first = key.sign(MSG, NOW);
    verifier.verify("node1", first, NOW);
    SignedMessage next =
        message.equals("same") ? first : key.sign(MSG + " ", NOW.plusSeconds(second));
    if (letters.equals("upper")) {
      next = new SignedMessage(next.msg(), next.salt(), next.hmac().toUpperCase());
    }
    SignedMessage sent = next;
    if (answer.equals("accepted")) {
      assertEquals(sent.msg(), verifier.verify(source, sent, NOW.plusSeconds(2)));
      return;
    }
    SignatureException e =
        assertThrows(
            SignatureException.class, () -> verifier.verify(source, sent, NOW.plusSeconds(2)));
    assertEquals(SignatureException.Reason.REPLAYED, e.reason(), e.getMessage());
  }

  @Test
  void aReplayOfTheSameReportSaysSo() {
    SignedMessage report = key.sign(MSG, NOW);
    verifier.verify("node1", report, NOW);
    SignatureException e =
        assertThrows(SignatureException.class, () -> verifier.verify("node1", report, NOW));
    assertEquals(
        "the same signed message from node1 (salt 1732270000) was accepted already",
        e.getMessage());
  }

  @Test
  void rejectsMissingFieldsAndBadSalts() {
    assertReason(SignatureException.Reason.MISSING_FIELD, new SignedMessage(MSG, null, "ab"), NOW);
    assertReason(SignatureException.Reason.MISSING_FIELD, new SignedMessage(null, "1", "ab"), NOW);
    assertReason(SignatureException.Reason.MISSING_FIELD, new SignedMessage(MSG, "1", null), NOW);
    assertReason(
        SignatureException.Reason.BAD_SALT, new SignedMessage(MSG, "yesterday", "ab"), NOW);
  }

  @Test
  void readsGanetiStyleKeyFilesWithoutTheTrailingNewline() {
    HmacKey fromFile = HmacKey.fromFileContent("cluster-secret\n".getBytes(StandardCharsets.UTF_8));
    assertEquals(key.sign(MSG, NOW), fromFile.sign(MSG, NOW));
  }

  private void assertReason(SignatureException.Reason reason, SignedMessage m, Instant now) {
    SignatureException e =
        assertThrows(SignatureException.class, () -> verifier.verify("node1", m, now));
    assertEquals(reason, e.reason(), e.getMessage());
  }
}
