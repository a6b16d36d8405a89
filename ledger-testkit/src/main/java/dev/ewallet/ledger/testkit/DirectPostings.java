package dev.ewallet.ledger.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.journal.BalanceChange;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.TransactionChanges;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.TreeSet;

/**
 * Posts through the out-ports the way the posting flow does, for contract tests that need money on
 * the books without the application layer.
 */
public record DirectPostings(
    AccountRepository accounts, JournalRepository journal, UnitOfWork unitOfWork, long principal) {

  /** Credits {@code amount} to the wallet from the bank clearing account of its currency. */
  public TransactionId deposit(AccountId wallet, Money amount) {
    return deposit(wallet, amount, TransactionDetails.NONE);
  }

  /** A deposit carrying the client's details; its reference, if any, unique in its currency. */
  public TransactionId deposit(AccountId wallet, Money amount, TransactionDetails details) {
    AccountId clearing = accounts.systemAccount(AccountKind.BANK_CLEARING, amount.currency());
    return post(
        TransactionType.DEPOSIT,
        null,
        clearing,
        wallet,
        amount,
        details,
        details.reference() == null
            ? null
            : new UniqueReference(amount.currency(), details.reference()));
  }

  /** Moves {@code amount} between two accounts of its currency as a transfer. */
  public TransactionId transfer(
      AccountId from, AccountId to, Money amount, TransactionDetails details) {
    return post(TransactionType.TRANSFER, null, from, to, amount, details, null);
  }

  /** Pays {@code amount} of a transfer back from its payee to its payer, linked to it. */
  public TransactionId refund(
      TransactionId transfer, AccountId payee, AccountId payer, Money amount) {
    return post(
        TransactionType.REFUND, transfer, payee, payer, amount, TransactionDetails.NONE, null);
  }

  private TransactionId post(
      TransactionType type,
      TransactionId original,
      AccountId from,
      AccountId to,
      Money amount,
      TransactionDetails details,
      UniqueReference uniqueReference) {
    JournalClaim claim =
        new JournalClaim(
            TransactionId.random(),
            type,
            principal,
            LedgerFixtures.freshKey(),
            RequestFingerprint.of("test-" + type, from, to, amount),
            original,
            null,
            Instant.now().truncatedTo(ChronoUnit.MICROS),
            details,
            uniqueReference);
    return unitOfWork.inTransaction(() -> {
      accounts.lockForUpdate(new TreeSet<>(List.of(from, to)));
      assertThat(journal.claimAll(List.of(claim))).containsExactly(claim.transactionId());
      List<BalanceChange> changes =
          ChainedPostings.apply(
              accounts,
              claim.transactionId(),
              List.of(new Posting(from, amount.negate()), new Posting(to, amount)),
              claim.createdAt());
      journal.appendEntries(
          List.of(new TransactionChanges(claim.transactionId(), claim.type(), changes)),
          claim.createdAt());
      return claim.transactionId();
    });
  }
}
