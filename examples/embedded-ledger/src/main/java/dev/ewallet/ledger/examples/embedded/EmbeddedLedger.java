package dev.ewallet.ledger.examples.embedded;

import dev.ewallet.ledger.application.LedgerPorts;
import dev.ewallet.ledger.application.LedgerServices;
import dev.ewallet.ledger.application.RateLimits;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.InMemoryRateLimiter;
import dev.ewallet.ledger.testkit.RecordingBank;
import dev.ewallet.ledger.testkit.RecordingPublisher;
import java.time.Clock;

/**
 * The ledger embedded in a plain Java program: wire {@link LedgerServices} over adapters (here the
 * testkit's in-memory ones), then open two wallets, deposit, transfer, and prove the books balance.
 * docs/embedding.md explains each step.
 */
public final class EmbeddedLedger {

  private static final Caller OPERATOR = Caller.operator(1);
  private static final CurrencyCode VND = CurrencyCode.of("VND");

  private final InMemoryLedger storage = InMemoryLedger.create();
  private final LedgerServices ledger;

  public EmbeddedLedger(Clock clock) {
    LedgerPorts ports =
        LedgerPorts.builder()
            .accounts(storage.accounts())
            .journal(storage.journal())
            .outboxAndStore(storage.outbox())
            .audit(storage.audit())
            .publisher(new RecordingPublisher())
            .rateLimiter(new InMemoryRateLimiter(clock))
            .bankFlows(storage.bankFlows())
            .monitors(storage.monitors())
            .hotAccounts(storage.hotAccounts())
            .reads(storage.reads())
            .bank(new RecordingBank())
            .auditTrail(storage.auditTrail())
            .unitOfWork(storage.store())
            .build();
    this.ledger = new LedgerServices(ports, new RateLimits(10, 0, true), clock);
  }

  public LedgerServices services() {
    return ledger;
  }

  /** Opens a VND wallet for the user. */
  public AccountId openWallet(long user) {
    return ledger
        .accounts()
        .create(new CreateAccountCommand(OPERATOR, VND, UserId.of(user), null))
        .account()
        .id();
  }

  /** Deposits from the bank, as an operator would after the bank confirmed the money arrived. */
  public void deposit(AccountId wallet, long amountMinor, String key) {
    ledger
        .deposits()
        .deposit(new DepositFundsCommand(OPERATOR, IdempotencyKey.of(key), wallet, amountMinor));
  }

  /** A transfer by the owner of {@code from}. */
  public void transfer(long owner, AccountId from, AccountId to, long amountMinor, String key) {
    ledger
        .transfers()
        .transfer(
            new TransferFundsCommand(
                Caller.user(owner), IdempotencyKey.of(key), from, to, amountMinor));
  }

  public long balance(long owner, AccountId wallet) {
    return ledger.accounts().get(Caller.user(owner), wallet).balance().amountMinor();
  }

  public ReconciliationReport reconcile() {
    return ledger.reconciliation().reconcile(OPERATOR);
  }

  public static void main(String[] args) {
    EmbeddedLedger example = new EmbeddedLedger(Clock.systemUTC());
    AccountId alice = example.openWallet(7);
    AccountId bob = example.openWallet(8);
    example.deposit(alice, 100_000, "deposit-1");
    example.transfer(7, alice, bob, 25_000, "transfer-1");
    example.transfer(7, alice, bob, 25_000, "transfer-1"); // a retry: replayed, not paid twice
    System.out.printf(
        "alice %d VND, bob %d VND, books balance: %s%n",
        example.balance(7, alice), example.balance(8, bob), example.reconcile().balanced());
  }
}
