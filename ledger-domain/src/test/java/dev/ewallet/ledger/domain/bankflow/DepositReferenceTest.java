package dev.ewallet.ledger.domain.bankflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.AccountId;
import org.junit.jupiter.api.Test;

class DepositReferenceTest {

  @Test
  void theCheckDigitsAreIso11649s() {
    // The standard's own example: RF18 5390 0754 7034.
    assertThat(DepositReference.checkDigits("539007547034")).isEqualTo("18");
    assertThat(DepositReference.of(AccountId.of(1001)).value()).isEqualTo("RF24W1001");
  }

  @Test
  void everyWalletsReferenceNamesItAgainHoweverItIsWritten() {
    for (long id : new long[] {1, 9, 42, 1001, 123_456_789, Long.MAX_VALUE}) {
      String reference = DepositReference.of(AccountId.of(id)).value();
      assertThat(DepositReference.walletNamedIn(reference)).contains(AccountId.of(id));
      assertThat(DepositReference.walletNamedIn(reference.toLowerCase()))
          .contains(AccountId.of(id));
      assertThat(DepositReference.walletNamedIn(" " + grouped(reference) + " "))
          .contains(AccountId.of(id));
      assertThat(DepositReference.walletNamedIn("Top-up " + reference + ", thanks"))
          .contains(AccountId.of(id));
    }
  }

  @Test
  void aMistypedReferenceNamesNoWallet() {
    String reference = DepositReference.of(AccountId.of(123_456_789)).value();
    for (int i = 5; i < reference.length(); i++) {
      char[] typed = reference.toCharArray();
      typed[i] = typed[i] == '9' ? '0' : (char) (typed[i] + 1);
      assertThat(DepositReference.walletNamedIn(new String(typed))).as(new String(typed)).isEmpty();
    }
    for (int i = 5; i < reference.length() - 1; i++) {
      char[] swapped = reference.toCharArray();
      if (swapped[i] != swapped[i + 1]) {
        char c = swapped[i];
        swapped[i] = swapped[i + 1];
        swapped[i + 1] = c;
        assertThat(DepositReference.walletNamedIn(new String(swapped)))
            .as(new String(swapped))
            .isEmpty();
      }
    }
  }

  @Test
  void textThatIsNoReferenceNamesNoWallet() {
    for (String text :
        new String[] {
          null,
          "",
          "invoice 1001",
          "RF18539007547034",
          "RF24W01001",
          "RF00W0",
          "RF24W",
          "RF24 W100 1 and RF18",
          "RF99W99999999999999999999",
        }) {
      assertThat(DepositReference.walletNamedIn(text)).as(text).isEmpty();
    }
    // Split inside other text, the pieces are not joined.
    assertThat(DepositReference.walletNamedIn("gift RF24 W100 1")).isEmpty();
    assertThatThrownBy(() -> new DepositReference("rf24w1001"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static String grouped(String reference) {
    StringBuilder printed = new StringBuilder();
    for (int i = 0; i < reference.length(); i++) {
      if (i > 0 && i % 4 == 0) {
        printed.append(' ');
      }
      printed.append(reference.charAt(i));
    }
    return printed.toString();
  }
}
