package dev.ewallet.ledger.domain.port.in;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.EntryHash;
import dev.ewallet.ledger.domain.journal.HistoryPosition;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the conditional reads' revisions tell apart, and what they do not. */
class RevisionsTest {

  private static final CurrencyCode VND = CurrencyCode.of("VND");
  private static final Account WALLET =
      Account.rehydrate(5, 7L, "VND", AccountKind.USER, 900, Instant.EPOCH);

  private static Money vnd(long amount) {
    return Money.of(amount, VND);
  }

  private static HistoryPosition at(long entryId) {
    return new HistoryPosition(Instant.EPOCH, entryId);
  }

  private static List<LedgerEntry> entries(long... ids) {
    return Arrays.stream(ids)
        .mapToObj(id ->
            new LedgerEntry(
                id,
                TransactionId.random(),
                TransactionType.DEPOSIT,
                AccountId.of(5),
                vnd(1),
                vnd(id),
                Instant.EPOCH,
                TransactionDetails.NONE,
                EntryHash.GENESIS,
                null,
                false))
        .toList();
  }

  @Test
  void anAccountsRevisionChangesWithItsVersionHeldAmountPendingInShardsOrStatusAndNothingElse() {
    String revision = new AccountView(WALLET, vnd(900), vnd(100), vnd(0), 0, 42).revision();

    assertThat(new AccountView(WALLET, vnd(900), vnd(100), vnd(0), 0, 42).revision())
        .isEqualTo(revision);
    assertThat(new AccountView(WALLET, vnd(900), vnd(100), vnd(0), 0, 43).revision())
        .isNotEqualTo(revision);
    assertThat(new AccountView(WALLET, vnd(900), vnd(0), vnd(0), 0, 42).revision())
        .isNotEqualTo(revision);
    assertThat(new AccountView(WALLET, vnd(900), vnd(100), vnd(5), 0, 42).revision())
        .isNotEqualTo(revision);
    assertThat(new AccountView(WALLET, vnd(900), vnd(100), vnd(0), 2, 42).revision())
        .isNotEqualTo(revision);
    assertThat(
            new AccountView(
                    WALLET.withStatus(AccountStatus.FROZEN_DEBITS),
                    vnd(900),
                    vnd(100),
                    vnd(0),
                    0,
                    42)
                .revision())
        .isNotEqualTo(revision);
  }

  @Test
  void aPagesRevisionNamesItsEntriesAndWhereTheNextPageStarts() {
    String revision = new EntriesPage(entries(9, 7, 4), at(4)).revision();

    assertThat(revision).matches("[0-9a-f]{32}");
    assertThat(new EntriesPage(entries(9, 7, 4), at(4)).revision()).isEqualTo(revision);
    assertThat(new EntriesPage(entries(10, 9, 7), at(7)).revision()).isNotEqualTo(revision);
    assertThat(new EntriesPage(entries(9, 8, 7), at(7)).revision()).isNotEqualTo(revision);
    assertThat(new EntriesPage(entries(9, 7, 4), null).revision()).isNotEqualTo(revision);
    assertThat(new EntriesPage(List.of(), null).revision())
        .isEqualTo(new EntriesPage(List.of(), null).revision())
        .isNotEqualTo(new EntriesPage(entries(1), null).revision());
  }
}
