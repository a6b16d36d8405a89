package dev.ewallet.ledger.domain.bankflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

class BankAccountNumberTest {

  @Test
  void anIbanIsNormalisedAndItsCheckDigitsHold() {
    assertThat(BankAccountNumber.iban("de89 3704 0044 0532 0130 00").value())
        .isEqualTo("DE89370400440532013000");
    assertThat(BankAccountNumber.iban("GB82WEST12345698765432").scheme())
        .isEqualTo(BankAccountNumber.Scheme.IBAN);
  }

  @Test
  void anIbanWithWrongCheckDigitsOrShapeIsRefused() {
    assertThatThrownBy(() -> BankAccountNumber.iban("DE88370400440532013000"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("check digits");
    assertThatThrownBy(() -> BankAccountNumber.iban("DE89"))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> BankAccountNumber.iban(null))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void aLocalNumberIsUpTo34Characters() {
    assertThat(BankAccountNumber.local("0071 0001 2345").value()).isEqualTo("007100012345");
    assertThatThrownBy(() -> BankAccountNumber.local("1".repeat(35)))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> BankAccountNumber.local("12<34"))
        .isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void aNumberWithoutItsSchemeIsAnIbanWhenShapedLikeOne() {
    assertThat(BankAccountNumber.of("de89 3704 0044 0532 0130 00"))
        .isEqualTo(BankAccountNumber.iban("DE89370400440532013000"));
    assertThat(BankAccountNumber.of("0071000123456"))
        .isEqualTo(BankAccountNumber.local("0071000123456"));
  }
}
