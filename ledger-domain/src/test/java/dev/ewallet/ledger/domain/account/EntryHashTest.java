package dev.ewallet.ledger.domain.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class EntryHashTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
      })
  void sixtyFourLowerCaseHexDigitsAreAHash(String hex) {
    assertThat(new EntryHash(hex).hex()).isEqualTo(hex);
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(
      strings = {
        "",
        "0123456789abcdef",
        "0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeg",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde ",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0",
        "/123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        ":123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "`123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
      })
  void anythingElseIsRefused(String hex) {
    assertThatThrownBy(() -> new EntryHash(hex))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("64 lower-case hex digits");
  }
}
