package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.monitors.PendingInMonitors;
import dev.ewallet.ledger.application.posting.Attempts;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.bankflow.AnnouncedDeposit;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.error.IdempotencyKeyReusedException;
import dev.ewallet.ledger.domain.error.PendingDepositNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.movement.PendingDepositSettlement;
import dev.ewallet.ledger.domain.port.in.AnnounceDepositUseCase;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.FailDepositCommand;
import dev.ewallet.ledger.domain.port.in.FailDepositUseCase;
import dev.ewallet.ledger.domain.port.in.GetPendingDepositQuery;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.SettleDepositCommand;
import dev.ewallet.ledger.domain.port.in.SettleDepositUseCase;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.PendingDepositRepository;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Pending deposits: announced as a row that posts nothing, settled through the posting path as a
 * {@link PendingDepositSettlement} (a deposit with the announced details, the row marked SETTLED in
 * the same unit of work), failed as a row change alone. The settlement locks the wallet and the
 * clearing account and then the row; a failure locks the wallet and then the row, so of a
 * settlement and a failure racing, one waits for the other and finds the row no longer pending. An
 * announcement locks the wallet too: with the failure, it is a change of the wallet's {@code
 * pendingIn} that posts nothing, and the wallet's monitors on it follow it ({@link
 * PendingInMonitors}).
 *
 * <p>A reference is the deposit's once it settles, so it is refused when announced if a posted
 * deposit of the currency carries it, or another pending one waits with it.
 */
public final class PendingDepositService
    implements AnnounceDepositUseCase,
        SettleDepositUseCase,
        FailDepositUseCase,
        GetPendingDepositQuery {

  private final AccountRepository accounts;
  private final PendingDepositRepository pending;
  private final JournalRepository journal;
  private final PostingStrategy posting;
  private final PendingInMonitors monitors;
  private final UnitOfWork unitOfWork;
  private final Clock clock;

  public PendingDepositService(
      AccountRepository accounts,
      PendingDepositRepository pending,
      JournalRepository journal,
      PostingStrategy posting,
      PendingInMonitors monitors,
      UnitOfWork unitOfWork,
      Clock clock) {
    this.accounts = accounts;
    this.pending = pending;
    this.journal = journal;
    this.posting = posting;
    this.monitors = monitors;
    this.unitOfWork = unitOfWork;
    this.clock = clock;
  }

  @Override
  public AnnouncedDeposit announce(DepositFundsCommand command) {
    command.caller().requireOperator();
    // One key space for the endpoint: a key that posted a deposit (or anything) announces nothing.
    if (!journal
        .findClaims(List.of(new ClaimKey(command.caller().principalId(), command.idempotencyKey())))
        .isEmpty()) {
      throw new IdempotencyKeyReusedException(command.idempotencyKey().value());
    }
    Account wallet = accounts.existing(command.accountId());
    wallet.requireWallet();
    String reference = command.details().reference();
    if (reference != null
        && !journal
            .takenReferences(List.of(new UniqueReference(wallet.currency(), reference)))
            .isEmpty()) {
      throw new DuplicateReferenceException(wallet.currency().value(), reference);
    }
    PendingDeposit announced =
        PendingDeposit.announced(
            TransactionId.random(),
            wallet.id(),
            Money.of(command.amountMinor(), wallet.currency()),
            command.details(),
            clock.instant().truncatedTo(ChronoUnit.MICROS));
    return Attempts.inTransaction(
        unitOfWork,
        () ->
            monitors.change(
                wallet.id(),
                announced.id(),
                () ->
                    pending.announce(
                        announced,
                        command.caller().principalId(),
                        command.idempotencyKey(),
                        command.pendingFingerprint())));
  }

  @Override
  public PostingReceipt settle(SettleDepositCommand command) {
    command.caller().requireOperator();
    TransactionId id = command.depositId();
    PendingDeposit found = existing(id);
    // A pending deposit's wallet never changes, so its clearing account is named before locking.
    Account wallet = accounts.existing(found.accountId());
    PendingDepositSettlement settlement =
        new PendingDepositSettlement(
            found, accounts.systemAccountServing(wallet, AccountKind.BANK_CLEARING));
    String reference = found.details().reference();
    PostingRequest request =
        new PostingRequest(
                command.caller(), command.idempotencyKey(), command.fingerprint(), settlement)
            .withDetails(
                found.details(),
                reference == null ? null : new UniqueReference(wallet.currency(), reference));
    try {
      return posting.post(request).receiptOrThrow();
    } catch (DuplicateReferenceException taken) {
      // Its own settlement under another key took the reference: say that it settled.
      existing(id).requirePending();
      throw taken;
    }
  }

  @Override
  public PendingDeposit fail(FailDepositCommand command) {
    command.caller().requireOperator();
    PendingDeposit found = existing(command.depositId());
    return Attempts.inTransaction(
        unitOfWork,
        () ->
            monitors.change(
                found.accountId(),
                found.id(),
                () ->
                    pending.fail(
                        found.id(),
                        command.reason(),
                        command.caller().principalId(),
                        command.idempotencyKey(),
                        clock.instant().truncatedTo(ChronoUnit.MICROS))));
  }

  @Override
  public PendingDeposit get(Caller caller, TransactionId id) {
    PendingDeposit found = existing(id);
    caller.requireOwnerOrOperator(accounts.existing(found.accountId()));
    return found;
  }

  private PendingDeposit existing(TransactionId id) {
    return pending
        .findPendingDeposit(id)
        .orElseThrow(() -> new PendingDepositNotFoundException(id.toString()));
  }
}
