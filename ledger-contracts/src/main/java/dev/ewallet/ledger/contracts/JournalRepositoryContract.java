package dev.ewallet.ledger.contracts;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.vnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.error.AlreadyReversedException;
import dev.ewallet.ledger.domain.error.DuplicateReferenceException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.journal.StoredRefusal;
import dev.ewallet.ledger.domain.journal.TransactionDetails;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.journal.UniqueReference;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.ClaimKey;
import dev.ewallet.ledger.domain.port.out.IdempotencyRecord;
import dev.ewallet.ledger.domain.port.out.JournalClaim;
import dev.ewallet.ledger.domain.port.out.JournalRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.domain.port.out.UnitOfWork;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every {@link JournalRepository} must do, run against the fake and the JPA adapter. */
public abstract class JournalRepositoryContract {

  private static final RequestFingerprint FINGERPRINT = RequestFingerprint.of("test", 1);

  protected abstract JournalRepository journal();

  protected abstract AccountRepository accounts();

  protected abstract UnitOfWork unitOfWork();

  /** The posting path over the same storage as the ports under test. */
  protected abstract Postings postings();

  private final long principal = LedgerFixtures.freshUserId();

  private static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  private JournalClaim claim(IdempotencyKey key, TransactionType type, TransactionId reversalOf) {
    return new JournalClaim(
        TransactionId.random(),
        type,
        principal,
        key,
        FINGERPRINT,
        reversalOf,
        null,
        now(),
        TransactionDetails.NONE,
        null);
  }

  private Account wallet() {
    return accounts().create(new NewAccount(UserId.of(principal), VND, AccountKind.USER, now()));
  }

  private TransactionId deposit(AccountId wallet, long amount) {
    return postings().byOperator(principal).deposit(wallet, vnd(amount));
  }

  /** Whether the claim won its key, in a unit of work of its own. */
  private boolean wins(JournalClaim claim) {
    return unitOfWork()
        .inTransaction(() -> journal().claimAll(List.of(claim)))
        .contains(claim.transactionId());
  }

  @Test
  void aFreshKeyIsClaimedAndATakenOneIsSkippedForTheEarlierTransaction() {
    IdempotencyKey key = LedgerFixtures.freshKey();
    JournalClaim first = claim(key, TransactionType.TRANSFER, null);
    JournalClaim second = claim(key, TransactionType.TRANSFER, null);

    assertThat(wins(first)).isTrue();
    assertThat(wins(second)).isFalse();

    assertThat(journal().findClaims(List.of(ClaimKey.of(second))))
        .containsEntry(
            ClaimKey.of(second),
            new IdempotencyRecord(first.transactionId(), TransactionType.TRANSFER, FINGERPRINT, 0));
  }

  @Test
  void aKeysLatestRefusalIsKeptUntilItPostsAndNeverOverAPosting() {
    IdempotencyKey key = LedgerFixtures.freshKey();
    ClaimKey claimKey = new ClaimKey(principal, key);
    StoredRefusal first = new StoredRefusal(422, "INSUFFICIENT_FUNDS", "{\"status\":422}", now());
    StoredRefusal second = new StoredRefusal(422, "ACCOUNT_FROZEN", "{\"status\":422}", now());

    assertThat(journal().findRefusal(claimKey)).isEmpty();
    journal().recordRefusal(claimKey, first);
    journal().recordRefusal(claimKey, second);
    assertThat(journal().findRefusal(claimKey)).contains(second);
    assertThat(journal().findRefusal(new ClaimKey(principal + 1, key))).isEmpty();

    IdempotencyKey posted = LedgerFixtures.freshKey();
    assertThat(wins(claim(posted, TransactionType.TRANSFER, null))).isTrue();
    journal().recordRefusal(new ClaimKey(principal, posted), first);
    assertThat(journal().findRefusal(new ClaimKey(principal, posted))).isEmpty();
  }

  @Test
  void keysAreScopedPerPrincipal() {
    IdempotencyKey key = LedgerFixtures.freshKey();
    JournalClaim mine = claim(key, TransactionType.TRANSFER, null);
    JournalClaim theirs =
        new JournalClaim(
            TransactionId.random(),
            TransactionType.TRANSFER,
            principal + 1,
            key,
            FINGERPRINT,
            null,
            null,
            now(),
            TransactionDetails.NONE,
            null);

    assertThat(wins(mine)).isTrue();
    assertThat(wins(theirs)).isTrue();
  }

  @Test
  void aRolledBackClaimFreesTheKey() {
    IdempotencyKey key = LedgerFixtures.freshKey();
    assertThatThrownBy(() ->
            unitOfWork()
                .inTransaction(() -> {
                  journal().claimAll(List.of(claim(key, TransactionType.TRANSFER, null)));
                  throw new IllegalStateException("rejected");
                }))
        .hasMessage("rejected");

    assertThat(wins(claim(key, TransactionType.TRANSFER, null))).isTrue();
  }

  @Test
  void aTransactionIsReversedAtMostOnce() {
    TransactionId original = deposit(wallet().id(), 10);

    assertThat(wins(claim(LedgerFixtures.freshKey(), TransactionType.REVERSAL, original))).isTrue();
    assertThatThrownBy(
            () -> wins(claim(LedgerFixtures.freshKey(), TransactionType.REVERSAL, original)))
        .isInstanceOf(AlreadyReversedException.class);
  }

  @Test
  void aTransfersRefundsAreLinkedToItAndSummedByWhatTheyCreditedItsPayer() {
    Account payer = wallet();
    Account payee = wallet();
    deposit(payer.id(), 1_000);
    Postings direct = postings().byOperator(principal);
    TransactionId transfer =
        direct.transfer(payer.id(), payee.id(), vnd(800), TransactionDetails.NONE);
    assertThat(journal().refundedMinor(transfer)).isZero();

    TransactionId first = direct.refund(transfer, vnd(300));
    direct.refund(transfer, vnd(200));

    assertThat(journal().refundedMinor(transfer)).isEqualTo(500);
    PostedTransaction refund = journal().findById(first).orElseThrow();
    assertThat(refund.refundOf()).isEqualTo(transfer);
    assertThat(refund.reversalOf()).isNull();
    assertThat(refund.journalTransaction().refundOf()).contains(transfer);
    assertThat(journal().findById(transfer).orElseThrow().reversedBy()).isNull();
  }

  @Test
  void aPostedTransactionIsReadBackWithItsEntries() {
    Account wallet = wallet();
    TransactionId id = deposit(wallet.id(), 2_500);

    PostedTransaction posted = journal().findById(id).orElseThrow();

    assertThat(posted.type()).isEqualTo(TransactionType.DEPOSIT);
    assertThat(posted.reversalOf()).isNull();
    assertThat(posted.reversedBy()).isNull();
    assertThat(posted.entries()).hasSize(2);
    assertThat(posted.entries())
        .filteredOn(e -> e.accountId().equals(wallet.id()))
        .singleElement()
        .satisfies(e -> {
          assertThat(e.amount()).isEqualTo(vnd(2_500));
          assertThat(e.balanceAfter()).isEqualTo(vnd(2_500));
        });
    assertThat(posted.journalTransaction().postings()).hasSize(2);
    assertThat(journal().findById(TransactionId.random())).isEmpty();
  }

  @Test
  void aTransactionsDetailsAreStoredWithItAndItsEntriesAndItIsFoundByReference() {
    Account wallet = wallet();
    Account strangers =
        accounts().create(new NewAccount(UserId.of(principal + 1), VND, AccountKind.USER, now()));
    String reference = "ref-" + LedgerFixtures.freshKey().value();
    TransactionDetails details =
        new TransactionDetails(reference, "Nạp tiền", Map.of("channel", "bank", "a", "1"));
    TransactionId id = deposit(wallet.id(), 700, details);

    PostedTransaction posted = journal().findById(id).orElseThrow();

    assertThat(posted.details()).isEqualTo(details);
    assertThat(posted.entries()).allSatisfy(e -> assertThat(e.details()).isEqualTo(details));
    assertThat(journal().findByReference(reference, null, 10))
        .extracting(PostedTransaction::id)
        .containsExactly(id);
    assertThat(journal().findByReference(reference, UserId.of(principal), 10)).hasSize(1);
    assertThat(journal().findByReference(reference, strangers.ownerId().orElseThrow(), 10))
        .isEmpty();
    assertThat(journal().findByReference(reference + "-other", null, 10)).isEmpty();
  }

  @Test
  void aDepositReferenceIsTakenOncePerCurrencyAndARefusedClaimLeavesNothing() {
    Account wallet = wallet();
    // Transactions without a reference are in the journal too; they take none.
    deposit(wallet.id(), 50, TransactionDetails.NONE);
    String reference = "credit-" + LedgerFixtures.freshKey().value();
    deposit(wallet.id(), 100, new TransactionDetails(reference, null, null));
    UniqueReference taken = new UniqueReference(VND, reference);
    UniqueReference otherCurrency = new UniqueReference(CurrencyCode.of("USD"), reference);
    IdempotencyKey key = LedgerFixtures.freshKey();
    JournalClaim again =
        new JournalClaim(
            TransactionId.random(),
            TransactionType.DEPOSIT,
            principal,
            key,
            FINGERPRINT,
            null,
            null,
            now(),
            new TransactionDetails(reference, null, null),
            taken);

    assertThat(journal().takenReferences(List.of(taken, otherCurrency))).containsExactly(taken);
    assertThat(journal().takenReferences(List.of(otherCurrency))).isEmpty();
    assertThatThrownBy(() -> wins(again)).isInstanceOf(DuplicateReferenceException.class);
    assertThat(journal().findClaims(List.of(ClaimKey.of(again)))).isEmpty();
    assertThat(journal().findById(again.transactionId())).isEmpty();
  }

  private TransactionId deposit(AccountId wallet, long amount, TransactionDetails details) {
    return postings().byOperator(principal).deposit(wallet, vnd(amount), details);
  }

  @Test
  void manyClaimsInOneStatementSkipTakenKeysAndFindCommittedOnes() {
    IdempotencyKey taken = LedgerFixtures.freshKey();
    JournalClaim earlier = claim(taken, TransactionType.TRANSFER, null);
    assertThat(wins(earlier)).isTrue();
    JournalClaim fresh = claim(LedgerFixtures.freshKey(), TransactionType.TRANSFER, null);
    JournalClaim again = claim(taken, TransactionType.TRANSFER, null);

    Set<TransactionId> won =
        unitOfWork().inTransaction(() -> journal().claimAll(List.of(fresh, again)));

    assertThat(won).containsExactly(fresh.transactionId());
    Map<ClaimKey, IdempotencyRecord> found =
        journal()
            .findClaims(
                List.of(
                    ClaimKey.of(earlier),
                    ClaimKey.of(fresh),
                    new ClaimKey(principal, LedgerFixtures.freshKey())));
    assertThat(found)
        .containsOnlyKeys(ClaimKey.of(earlier), ClaimKey.of(fresh))
        .containsEntry(
            ClaimKey.of(earlier),
            new IdempotencyRecord(
                earlier.transactionId(), TransactionType.TRANSFER, FINGERPRINT, 0));
  }

  @Test
  void entriesOfManyTransactionsAreAppendedInOneGo() {
    Account wallet = wallet();
    deposit(wallet.id(), 10);

    List<TransactionId> posted =
        postings().byOperator(principal).depositsInOneUnitOfWork(wallet.id(), vnd(2), vnd(3));

    assertThat(journal().findById(posted.get(0)).orElseThrow().entries())
        .filteredOn(e -> e.accountId().equals(wallet.id()))
        .extracting(e -> e.balanceAfter().amountMinor())
        .containsExactly(12L);
    assertThat(journal().findById(posted.get(1)).orElseThrow().entries())
        .filteredOn(e -> e.accountId().equals(wallet.id()))
        .extracting(e -> e.balanceAfter().amountMinor())
        .containsExactly(15L);
  }
}
