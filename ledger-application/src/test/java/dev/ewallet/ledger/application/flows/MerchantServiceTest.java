package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.InsufficientFundsException;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.HistoryFilter;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantCommand;
import dev.ewallet.ledger.domain.port.in.SweepMerchantCommand;
import dev.ewallet.ledger.domain.port.in.SweepResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class MerchantServiceTest {

  private static final Caller MERCHANT_OWNER = Caller.user(50);
  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId merchant =
      f.services
          .accounts()
          .create(
              new CreateAccountCommand(
                  LedgerServicesFixture.OPERATOR, VND, UserId.of(50), AccountKind.MERCHANT, 4))
          .account()
          .id();

  private AccountView view() {
    return f.services.accounts().get(MERCHANT_OWNER, merchant);
  }

  @Test
  void creditsSpreadOverShardsAndTheMerchantSeesTheSum() {
    for (int payer = 1; payer <= 40; payer++) {
      AccountId wallet = f.openWallet(100 + payer);
      f.deposit(wallet, 100);
      f.transfer(100 + payer, wallet, merchant, 100);
    }

    AccountView view = view();
    assertThat(view.shards()).isEqualTo(4);
    assertThat(view.balance().amountMinor()).isEqualTo(4_000);
    assertThat(view.account().balance().amountMinor()).isZero();
    List<Account> shards = f.ledger.accounts().findShards(merchant);
    assertThat(shards).hasSize(4).allSatisfy(s -> assertThat(s.owner()).isEqualTo(UserId.of(50)));
    assertThat(shards.stream().filter(s -> s.balance().isPositive())).hasSizeGreaterThan(1);
    List<LedgerEntry> history =
        f.services
            .accounts()
            .entries(MERCHANT_OWNER, merchant, HistoryFilter.NONE, null, 100)
            .items();
    assertThat(history).hasSize(40);
    assertThat(f.services.accounts().list(MERCHANT_OWNER, null)).hasSize(1);
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void payoutsComeFromTheMainAccountOnceSwept() {
    AccountId payer = f.openWallet(7);
    AccountId supplier = f.openWallet(8);
    f.deposit(payer, 10_000);
    f.transfer(7, payer, merchant, 6_000);
    f.transfer(7, payer, merchant, 3_000);
    assertThatThrownBy(() -> f.transfer(50, merchant, supplier, 1))
        .isInstanceOf(InsufficientFundsException.class);

    SweepResult swept =
        f.services
            .merchants()
            .sweep(new SweepMerchantCommand(LedgerServicesFixture.OPERATOR, freshKey(), merchant));

    assertThat(swept.sweptMinor()).isEqualTo(9_000);
    assertThat(view().account().balance().amountMinor()).isEqualTo(9_000);
    assertThat(view().balance().amountMinor()).isEqualTo(9_000);
    f.transfer(50, merchant, supplier, 2_500);
    assertThat(view().balance().amountMinor()).isEqualTo(6_500);
    assertThat(
            f.services
                .merchants()
                .sweep(
                    new SweepMerchantCommand(LedgerServicesFixture.OPERATOR, freshKey(), merchant))
                .transactions())
        .isZero();
    assertThat(f.booksBalance()).isTrue();
  }

  @Test
  void shardsGrowButNeverShrinkAndOnlyOperatorsManageThem() {
    assertThat(
            f.services
                .merchants()
                .resize(new ResizeMerchantCommand(LedgerServicesFixture.OPERATOR, merchant, 8))
                .shards())
        .isEqualTo(8);
    assertThatThrownBy(() ->
            f.services
                .merchants()
                .resize(new ResizeMerchantCommand(LedgerServicesFixture.OPERATOR, merchant, 2)))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() ->
            f.services.merchants().resize(new ResizeMerchantCommand(MERCHANT_OWNER, merchant, 9)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() ->
            f.services
                .accounts()
                .create(
                    new CreateAccountCommand(MERCHANT_OWNER, VND, null, AccountKind.MERCHANT, 4)))
        .isInstanceOf(AccessDeniedException.class);
    AccountId shard = f.ledger.accounts().findShards(merchant).getFirst().id();
    AccountId payer = f.openWallet(7);
    f.deposit(payer, 10);
    assertThatThrownBy(() -> f.transfer(7, payer, shard, 1))
        .isInstanceOf(AccessDeniedException.class);
  }
}
