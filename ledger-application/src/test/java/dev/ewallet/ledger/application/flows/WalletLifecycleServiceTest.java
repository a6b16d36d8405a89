package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.application.LedgerServicesFixture.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.application.posting.GroupCommitSettings;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountStatus;
import dev.ewallet.ledger.domain.account.AccountStatusChanged;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.AccountClosedException;
import dev.ewallet.ledger.domain.error.AccountDormantException;
import dev.ewallet.ledger.domain.error.AccountFrozenException;
import dev.ewallet.ledger.domain.error.AccountNotEmptyException;
import dev.ewallet.ledger.domain.journal.SuspenseItem;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.ChangeAccountStatusCommand;
import dev.ewallet.ledger.domain.port.in.CloseAccountCommand;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.MarkDormantWalletsCommand;
import dev.ewallet.ledger.domain.port.in.PlaceHoldCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.ReactivateAccountCommand;
import dev.ewallet.ledger.domain.port.in.RefundTransactionCommand;
import dev.ewallet.ledger.domain.port.in.ReopenAccountCommand;
import dev.ewallet.ledger.domain.port.in.ReverseTransactionCommand;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Closing and reopening wallets on the in-memory ledger, through the one posting path: what a
 * closed wallet refuses, and money arriving for it kept in suspense and paid back on reopening.
 */
class WalletLifecycleServiceTest {

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId payer = f.openWallet(7);
  private final AccountId shop = f.openWallet(8);

  private AccountView close(Caller caller, AccountId wallet) {
    return f.services.lifecycle().close(new CloseAccountCommand(caller, wallet, "moving away"));
  }

  private AccountView reopen(AccountId wallet) {
    return f.services.lifecycle().reopen(new ReopenAccountCommand(OPERATOR, wallet, "came back"));
  }

  private List<SuspenseItem> suspense(boolean keptOnly) {
    return f.services.lifecycle().suspenseItems(OPERATOR, LedgerFixtures.VND, keptOnly, 100);
  }

  @Test
  void closingIsRefusedWhileTheWalletHoldsOrReservesMoney() {
    f.deposit(payer, 500);
    assertThatThrownBy(() -> close(Caller.user(7), payer))
        .isInstanceOfSatisfying(
            AccountNotEmptyException.class, e -> assertThat(e.balanceMinor()).isEqualTo(500));

    f.services
        .holds()
        .place(
            new PlaceHoldCommand(
                Caller.user(7),
                LedgerFixtures.freshKey(),
                payer,
                shop,
                500,
                Instant.parse("2026-12-30T00:00:00Z")));
    assertThatThrownBy(() -> close(Caller.user(7), payer))
        .isInstanceOfSatisfying(
            AccountNotEmptyException.class,
            e -> {
              assertThat(e.balanceMinor()).isZero();
              assertThat(e.heldMinor()).isEqualTo(500);
            });
    assertThat(status(payer)).isEqualTo(AccountStatus.ACTIVE);
    assertThat(f.ledger.outbox().statusChanges()).isEmpty();
  }

  @Test
  void onlyItsOwnerOrAnOperatorClosesAWalletAndTheOwnerNotWhileFrozen() {
    assertThatThrownBy(() -> close(Caller.user(8), payer))
        .isInstanceOf(AccessDeniedException.class);
    f.services
        .controls()
        .changeStatus(
            new ChangeAccountStatusCommand(OPERATOR, payer, AccountStatus.FROZEN_DEBITS, null));
    assertThatThrownBy(() -> close(Caller.user(7), payer))
        .isInstanceOf(AccountFrozenException.class);

    assertThat(close(OPERATOR, payer).account().status()).isEqualTo(AccountStatus.CLOSED);
  }

  @Test
  void aClosedWalletRefusesTransfersBothWaysAndAFreezeDoesNotReopenIt() {
    f.deposit(shop, 1_000);
    close(Caller.user(7), payer);

    assertThatThrownBy(() -> f.transfer(8, shop, payer, 100))
        .isInstanceOf(AccountClosedException.class);
    assertThatThrownBy(() -> f.transfer(7, payer, shop, 1))
        .isInstanceOf(AccountClosedException.class);
    assertThatThrownBy(() ->
            f.services
                .controls()
                .changeStatus(
                    new ChangeAccountStatusCommand(OPERATOR, payer, AccountStatus.ACTIVE, null)))
        .isInstanceOf(AccountClosedException.class);
    assertThat(f.balance(shop)).isEqualTo(1_000);
    // Closing again changes nothing: one change, one event.
    close(Caller.user(7), payer);
    assertThat(f.ledger.outbox().statusChanges())
        .extracting(AccountStatusChanged::previous, AccountStatusChanged::status)
        .containsExactly(tuple(AccountStatus.ACTIVE, AccountStatus.CLOSED));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aLateRefundIsKeptInSuspenseAndPaidBackOnReopening(boolean groupCommit) {
    LedgerServicesFixture ledger =
        groupCommit
            ? new LedgerServicesFixture(
                new GroupCommitSettings(
                    64, 2, Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMillis(1)))
            : f;
    ledger.services.start();
    try {
      AccountId from = ledger.openWallet(7);
      AccountId to = ledger.openWallet(8);
      ledger.deposit(from, 1_000);
      TransactionId paid = ledger.transfer(7, from, to, 1_000).transactionId();
      ledger.services.lifecycle().close(new CloseAccountCommand(Caller.user(7), from, null));

      PostingReceipt refund =
          ledger
              .services
              .reversals()
              .refund(
                  new RefundTransactionCommand(
                      OPERATOR, LedgerFixtures.freshKey(), paid, 400, "late refund"));

      assertThat(refund.type()).isEqualTo(TransactionType.REFUND);
      assertThat(ledger.balance(from)).isZero();
      assertThat(ledger.balance(to)).isEqualTo(600);
      List<SuspenseItem> kept =
          ledger.services.lifecycle().suspenseItems(OPERATOR, LedgerFixtures.VND, true, 10);
      assertThat(kept)
          .singleElement()
          .satisfies(item -> {
            assertThat(item.wallet()).isEqualTo(from);
            assertThat(item.transactionId()).isEqualTo(refund.transactionId());
            assertThat(item.amount().amountMinor()).isEqualTo(400);
            assertThat(item.type()).isEqualTo(TransactionType.REFUND);
          });
      assertThat(ledger.booksBalance()).isTrue();

      AccountView reopened =
          ledger.services.lifecycle().reopen(new ReopenAccountCommand(OPERATOR, from, null));

      assertThat(reopened.account().status()).isEqualTo(AccountStatus.ACTIVE);
      assertThat(reopened.balance().amountMinor()).isEqualTo(400);
      assertThat(ledger.services.lifecycle().suspenseItems(OPERATOR, LedgerFixtures.VND, true, 10))
          .isEmpty();
      assertThat(ledger.services.lifecycle().suspenseItems(OPERATOR, LedgerFixtures.VND, false, 10))
          .singleElement()
          .satisfies(item -> assertThat(item.releasedBy()).isNotNull());
      assertThat(ledger.booksBalance()).isTrue();
    } finally {
      if (ledger != f) {
        ledger.services.close();
      }
    }
  }

  @Test
  void aReversalCreditingAClosedWalletGoesToSuspenseAndOneDebitingItIsRefused() {
    TransactionId deposit = f.deposit(payer, 300).transactionId();
    TransactionId paid = f.transfer(7, payer, shop, 300).transactionId();
    close(Caller.user(7), payer);

    // Reversing the transfer credits the closed payer: kept in suspense.
    assertThat(reverse(paid).type()).isEqualTo(TransactionType.REVERSAL);
    assertThat(suspense(true))
        .singleElement()
        .satisfies(item -> assertThat(item.amount().amountMinor()).isEqualTo(300));
    // Reversing the deposit would debit the closed wallet: refused.
    assertThatThrownBy(() -> reverse(deposit)).isInstanceOf(AccountClosedException.class);

    reopen(payer);
    assertThat(f.balance(payer)).isEqualTo(300);
    // Reopening an open wallet with nothing kept changes nothing.
    assertThat(reopen(payer).balance().amountMinor()).isEqualTo(300);
    assertThat(f.booksBalance()).isTrue();
  }

  private PostingReceipt reverse(TransactionId transaction) {
    return f.services
        .reversals()
        .reverse(
            new ReverseTransactionCommand(
                OPERATOR, LedgerFixtures.freshKey(), transaction, "mistake"));
  }

  @Test
  void closedWalletsDoNotCountAgainstTheAccountLimit() {
    for (int i = 0; i < 20; i++) {
      close(OPERATOR, f.openWallet(9));
    }
    AccountView opened =
        f.services
            .accounts()
            .create(new CreateAccountCommand(OPERATOR, LedgerFixtures.VND, UserId.of(9), null));
    assertThat(opened.account().status()).isEqualTo(AccountStatus.ACTIVE);
  }

  private AccountStatus status(AccountId wallet) {
    return f.ledger.accounts().findById(wallet).orElseThrow().status();
  }

  private int markDormant(Instant inactiveSince) {
    return f.services
        .lifecycle()
        .markDormant(new MarkDormantWalletsCommand(inactiveSince, 1, Long.MAX_VALUE));
  }

  @Test
  void aWalletWhoseOwnerDidNothingSinceTheCutOffTurnsDormantOnceAndWakesOnReactivation() {
    f.deposit(payer, 1_000);
    f.deposit(shop, 1_000);
    f.clock.advance(Duration.ofDays(400));
    Instant cutOff = f.clock.instant().minus(Duration.ofDays(365));
    // Money others send does not keep a wallet awake; its owner's own payment does.
    f.transfer(8, shop, payer, 100);

    assertThat(markDormant(cutOff)).isEqualTo(1);
    assertThat(markDormant(cutOff)).isZero();

    assertThat(status(payer)).isEqualTo(AccountStatus.DORMANT);
    assertThat(status(shop)).isEqualTo(AccountStatus.ACTIVE);
    assertThatThrownBy(() -> f.transfer(7, payer, shop, 1))
        .isInstanceOf(AccountDormantException.class);
    f.transfer(8, shop, payer, 50);
    assertThat(f.balance(payer)).isEqualTo(1_150);
    List<DormantWallet> report = new ArrayList<>();
    f.services.lifecycle().dormantWallets(OPERATOR, LedgerFixtures.VND, report::add);
    assertThat(report)
        .singleElement()
        .satisfies(wallet -> {
          assertThat(wallet.accountId()).isEqualTo(payer);
          assertThat(wallet.balance().amountMinor()).isEqualTo(1_150);
        });
    assertThatThrownBy(() ->
            f.services.lifecycle().dormantWallets(Caller.user(7), LedgerFixtures.VND, w -> {}))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(f.ledger.outbox().statusChanges())
        .extracting(AccountStatusChanged::accountId, AccountStatusChanged::status)
        .containsExactly(tuple(payer, AccountStatus.DORMANT));

    assertThatThrownBy(() ->
            f.services.lifecycle().reactivate(new ReactivateAccountCommand(Caller.user(8), payer)))
        .isInstanceOf(AccessDeniedException.class);
    AccountView awake =
        f.services.lifecycle().reactivate(new ReactivateAccountCommand(Caller.user(7), payer));

    assertThat(awake.account().status()).isEqualTo(AccountStatus.ACTIVE);
    f.transfer(7, payer, shop, 1);
    assertThat(f.balance(payer)).isEqualTo(1_149);
  }

  @Test
  void aFrozenClosedOrNewWalletDoesNotTurnDormant() {
    AccountId frozen = f.openWallet(9);
    f.services
        .controls()
        .changeStatus(
            new ChangeAccountStatusCommand(OPERATOR, frozen, AccountStatus.FROZEN_ALL, null));
    close(OPERATOR, f.openWallet(10));
    f.clock.advance(Duration.ofSeconds(1));
    Instant cutOff = f.clock.instant();
    f.clock.advance(Duration.ofSeconds(1));
    f.openWallet(11);

    // payer and shop, opened before the cut-off with no activity, are the only ones.
    assertThat(markDormant(cutOff)).isEqualTo(2);
    assertThat(status(frozen)).isEqualTo(AccountStatus.FROZEN_ALL);
  }
}
