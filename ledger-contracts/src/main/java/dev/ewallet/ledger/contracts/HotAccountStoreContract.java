package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.hotaccount.HotAccountDecision;
import dev.ewallet.ledger.domain.hotaccount.HotRow;
import dev.ewallet.ledger.domain.hotaccount.PostingRate;
import dev.ewallet.ledger.domain.hotaccount.SplittingPolicy;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.HotAccountStore;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link HotAccountStore} must do, run against the in-memory fake and the JDBC adapter
 * alike. Each test opens its own merchants, so a shared database is fine.
 */
public abstract class HotAccountStoreContract {

  protected abstract HotAccountStore store();

  protected abstract AccountRepository accounts();

  protected abstract UnitOfWork unitOfWork();

  private Account openMerchant() {
    return accounts()
        .create(
            new NewAccount(
                UserId.of(LedgerFixtures.freshUserId()),
                VND,
                AccountKind.MERCHANT,
                Instant.now().truncatedTo(ChronoUnit.MICROS)));
  }

  private HotAccountDecision append(HotAccountDecision decision) {
    return unitOfWork().inTransaction(() -> store().append(decision));
  }

  @Test
  void aMerchantIsAutomaticUntilAnOperatorSetsAPolicyWhichTheNextReplaces() {
    Account merchant = openMerchant();
    assertThat(store().policy(merchant.id())).isEmpty();

    unitOfWork()
        .inTransaction(() -> {
          store().setPolicy(merchant.id(), SplittingPolicy.FORBIDDEN);
          return null;
        });
    assertThat(store().policy(merchant.id())).contains(SplittingPolicy.FORBIDDEN);
    unitOfWork()
        .inTransaction(() -> {
          store().setPolicy(merchant.id(), SplittingPolicy.PINNED);
          return null;
        });
    assertThat(store().policy(merchant.id())).contains(SplittingPolicy.PINNED);
  }

  @Test
  void decisionsAreKeptAsMadeAndReadNewestFirstByPages() {
    Account merchant = openMerchant();
    Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
    HotRow hot =
        new HotRow(
            new PostingRate(merchant.id(), 250),
            merchant,
            merchant.id(),
            0,
            null,
            SplittingPolicy.AUTOMATIC);
    HotAccountDecision split = append(HotAccountDecision.split(hot, 16, 200, at));
    HotAccountDecision pinned =
        append(
            HotAccountDecision.byOperator(
                merchant.id(), SplittingPolicy.PINNED, 16, 32, 1, at.plusSeconds(1)));

    assertThat(pinned.id()).isGreaterThan(split.id());
    assertThat(split.measuredRow()).isEqualTo(merchant.id());
    assertThat(split.postingsPerSecond()).isEqualTo(250);
    assertThat(split.decidedAt()).isEqualTo(at);
    assertThat(pinned.decidedBy()).isEqualTo(1);
    List<HotAccountDecision> newest = store().decisions(null, 2);
    assertThat(newest).containsExactly(pinned, split);
    assertThat(store().decisions(pinned.id(), 1)).containsExactly(split);
  }
}
