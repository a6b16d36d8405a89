package dev.ewallet.ledger.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.port.out.WritePositions;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link WritePositions} store must do once it has kept its positions for longer than
 * its retention (the subclass provides such a store: one that may have lost positions answers
 * "unknown", which is its own test): an account never written is at 0, each account keeps the
 * greatest position recorded for it whatever the order the records arrive in, exactly over the
 * whole range of {@code long}, and recording nothing changes nothing.
 */
public abstract class WritePositionsContract {

  /** A store that has kept its positions for longer than its retention. */
  protected abstract WritePositions positions();

  private static AccountId freshAccount() {
    return AccountId.of(LedgerFixtures.freshUserId());
  }

  @Test
  void anAccountNeverWrittenIsAtZero() {
    assertThat(positions().positionOf(freshAccount())).hasValue(0);
  }

  @Test
  void eachAccountKeepsItsGreatestPositionWhateverTheOrderOfTheRecords() {
    AccountId a = freshAccount();
    AccountId b = freshAccount();

    positions().record(List.of(a, b), 5_000);
    positions().record(List.of(a), 4_999);
    positions().record(List.of(b), 70_000_000_000L);

    assertThat(positions().positionOf(a)).hasValue(5_000);
    assertThat(positions().positionOf(b)).hasValue(70_000_000_000L);
  }

  @Test
  void positionsCompareExactlyOverTheWholeRangeOfLong() {
    AccountId account = freshAccount();

    positions().record(List.of(account), Long.MAX_VALUE - 1);
    positions().record(List.of(account), Long.MAX_VALUE);
    positions().record(List.of(account), (1L << 60) + 1);

    assertThat(positions().positionOf(account)).hasValue(Long.MAX_VALUE);
  }

  @Test
  void recordingNoAccountChangesNothing() {
    AccountId account = freshAccount();
    positions().record(List.of(account), 42);

    positions().record(List.of(), 43);

    assertThat(positions().positionOf(account)).hasValue(42);
  }

  @Test
  void positionsAreKeptForAWhile() {
    assertThat(positions().retention()).isPositive();
  }
}
