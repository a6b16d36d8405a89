package dev.ewallet.ledger.domain.bank;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.LineDecision.BookDeposit;
import dev.ewallet.ledger.domain.bank.LineDecision.CompleteWithdrawal;
import dev.ewallet.ledger.domain.bank.LineDecision.FailWithdrawal;
import dev.ewallet.ledger.domain.bank.LineDecision.SettleDeposit;
import dev.ewallet.ledger.domain.bank.LineDecision.Unmatched;
import dev.ewallet.ledger.domain.bankflow.DepositReference;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.Money;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The rules that settle statement lines by themselves, in order; whatever they do not settle waits
 * for an operator, with the reason.
 *
 * <ol>
 *   <li>A line whose end-to-end id is a withdrawal's ({@link Payout#withdrawalOf}) is that payout:
 *       a debit pays it out (the withdrawal completes), a returned credit (return information or a
 *       reversal) gives it back (the withdrawal fails, the money goes back to the wallet). When the
 *       payment and its return are on one statement, the withdrawal fails and both lines are
 *       matched to the failure.
 *   <li>An amount (or currency) other than the withdrawal's never settles: the line waits.
 *   <li>A withdrawal named by two payments or two returns waits, each line with it: the bank paid
 *       twice or the file is wrong, and an operator decides.
 *   <li>A credit (not a return) whose end-to-end id or remittance text is the reference of a
 *       pending deposit of its currency pays that deposit in: it settles, posting to its wallet. An
 *       amount other than the deposit's, or two lines naming one deposit, wait.
 *   <li>A credit (not a return) whose end-to-end id or remittance text is a wallet's standing
 *       deposit reference ({@link DepositReference}) is booked to that wallet as a deposit, each
 *       such line of an end-of-day statement on its own: a wallet is paid by many people. A
 *       reference of no wallet, or of a wallet of another currency, waits. So does a notification's
 *       credit: the day's statement reports the same booking again, and nothing the bank reports
 *       reliably tells one booking reported twice from two payments of one amount, so the
 *       end-of-day line books it.
 *   <li>A credit of an end-of-day statement naming nothing the ledger knows, of exactly the amount
 *       of one pending deposit of its currency announced within the window of days around its value
 *       date, pays that deposit in. Two such deposits (or two such credits) wait: an operator
 *       chooses. A notification's credit is not matched by amount: the day's statement reports it
 *       again, and by amount alone the ledger could not tell one payment reported twice from two.
 *   <li>A debit (not a return) of an end-of-day statement naming no withdrawal, of exactly the
 *       amount of one pending withdrawal of its currency whose payout the bank was asked for within
 *       the window of days before its value date, pays that withdrawal out: the bank dropped the
 *       end-to-end id. Two such withdrawals (or two such debits, or a debit for a withdrawal
 *       another line names by its id) wait. A notification's debit is not matched by amount, for
 *       the reason credits are not.
 *   <li>A line naming no withdrawal, pending deposit or wallet waits.
 * </ol>
 *
 * A decision does not look at the withdrawal's or deposit's state: settling one that is no longer
 * pending is refused by the posting path itself, unless that very settlement was posted before (a
 * statement read again, or a notification and then the day's statement reporting one booking),
 * which the settlement's idempotency key makes a replay.
 */
public final class StatementMatching {

  private StatementMatching() {}

  /** What matching looks up, as committed, for one statement. */
  public interface Candidates {

    /** The withdrawal of an id; empty when there is none. */
    Optional<Withdrawal> withdrawal(TransactionId id);

    /**
     * The pending deposit of the statement's currency with a reference (pending, or settled
     * already); empty when there is none.
     */
    Optional<PendingDeposit> depositWithReference(String reference);

    /**
     * Pending deposits of the statement's currency of exactly this amount, announced between the
     * two days (UTC, both included), at most {@code limit}.
     */
    List<PendingDeposit> pendingDepositsOf(Money amount, LocalDate from, LocalDate to, int limit);

    /** The account of an id; empty when there is none. */
    Optional<Account> account(AccountId id);

    /**
     * Pending withdrawals of the statement's currency of exactly this amount whose payout the bank
     * was asked for between the two days (UTC, both included), at most {@code limit}.
     */
    List<Withdrawal> payoutsOf(Money amount, LocalDate from, LocalDate to, int limit);
  }

  /**
   * Decides every line of the statement.
   *
   * @param window how many days a credit's value date may be from a pending deposit's announcement,
   *     or a debit's after its payout was sent, for the amount rules to match them
   * @return one decision per line number, in the lines' order
   */
  public static Map<Integer, LineDecision> decide(
      BankStatement statement, Candidates candidates, int window) {
    Map<Integer, LineDecision> decisions = new LinkedHashMap<>();
    Map<TransactionId, List<StatementLine>> payouts = new LinkedHashMap<>();
    Map<TransactionId, List<StatementLine>> payoutsByAmount = new LinkedHashMap<>();
    Map<PendingDeposit, List<StatementLine>> byReference = new LinkedHashMap<>();
    Map<PendingDeposit, List<StatementLine>> byAmount = new LinkedHashMap<>();
    for (StatementLine line : statement.lines()) {
      Optional<TransactionId> payout = Payout.withdrawalOf(line.endToEndId());
      Optional<PendingDeposit> deposit = depositOf(line, candidates);
      Optional<AccountId> wallet = walletOf(line);
      if (payout.isPresent()) {
        payouts.computeIfAbsent(payout.get(), id -> new ArrayList<>()).add(line);
      } else if (deposit.isPresent()) {
        byReference.computeIfAbsent(deposit.get(), id -> new ArrayList<>()).add(line);
      } else if (wallet.isPresent()) {
        decisions.put(line.number(), decideBooking(statement, line, wallet.get(), candidates));
      } else if (paysOut(line) && statement.kind() == StatementKind.END_OF_DAY) {
        byAmount(
            line,
            candidates.payoutsOf(
                line.amount(), line.valueDate().minusDays(window), line.valueDate(), 2),
            Withdrawal::id,
            payoutsByAmount,
            decisions,
            "several payouts of "
                + line.amount()
                + " were sent within "
                + window
                + " days before its value date");
      } else if (line.paysIn() && statement.kind() == StatementKind.END_OF_DAY) {
        byAmount(
            line,
            candidates.pendingDepositsOf(
                line.amount(),
                line.valueDate().minusDays(window),
                line.valueDate().plusDays(window),
                2),
            Function.identity(),
            byAmount,
            decisions,
            "several pending deposits of "
                + line.amount()
                + " were announced within "
                + window
                + " days of its value date");
      } else {
        decisions.put(line.number(), new Unmatched("no withdrawal or deposit matches this line"));
      }
    }
    payouts.forEach(
        (id, lines) -> decisions.putAll(decidePayout(id, lines, candidates.withdrawal(id))));
    byReference.forEach((deposit, lines) -> decisions.putAll(decideDeposit(deposit, lines, true)));
    payoutsByAmount.forEach((id, lines) -> {
      if (payouts.containsKey(id) || lines.size() > 1) {
        lines.forEach(line ->
            decisions.put(
                line.number(),
                new Unmatched("withdrawal " + id + " is paid on more than one line")));
      } else {
        decisions.put(lines.getFirst().number(), new CompleteWithdrawal(id, false));
      }
    });
    byAmount.forEach((deposit, lines) -> {
      if (byReference.containsKey(deposit)) {
        lines.forEach(line ->
            decisions.put(
                line.number(),
                new Unmatched(
                    "pending deposit " + deposit.id() + " is paid on more than one line")));
      } else {
        decisions.putAll(decideDeposit(deposit, lines, false));
      }
    });
    Map<Integer, LineDecision> inOrder = new LinkedHashMap<>();
    statement.lines().forEach(line -> inOrder.put(line.number(), decisions.get(line.number())));
    return inOrder;
  }

  private static Map<Integer, LineDecision> decidePayout(
      TransactionId id, List<StatementLine> lines, Optional<Withdrawal> found) {
    Map<Integer, LineDecision> decisions = new LinkedHashMap<>();
    if (found.isEmpty()) {
      lines.forEach(line ->
          decisions.put(line.number(), new Unmatched("no withdrawal " + id + " was paid out")));
      return decisions;
    }
    Withdrawal withdrawal = found.get();
    List<StatementLine> paid = new ArrayList<>();
    List<StatementLine> returned = new ArrayList<>();
    for (StatementLine line : lines) {
      if (!line.amount().equals(withdrawal.amount())) {
        decisions.put(
            line.number(),
            new Unmatched(
                "the line's "
                    + line.amount()
                    + " is not withdrawal "
                    + id
                    + "'s "
                    + withdrawal.amount()));
      } else if (line.returned() && line.direction() == CreditDebit.CREDIT) {
        returned.add(line);
      } else if (!line.returned() && line.direction() == CreditDebit.DEBIT) {
        paid.add(line);
      } else {
        decisions.put(
            line.number(),
            new Unmatched(
                "a "
                    + line.direction()
                    + (line.returned() ? " return" : "")
                    + " of withdrawal "
                    + id
                    + " is neither its payment nor its return"));
      }
    }
    if (paid.size() > 1 || returned.size() > 1) {
      List<StatementLine> twice = new ArrayList<>(paid);
      twice.addAll(returned);
      twice.forEach(line ->
          decisions.put(
              line.number(),
              new Unmatched("withdrawal " + id + " is paid or returned on more than one line")));
      return decisions;
    }
    LineDecision settlement =
        returned.isEmpty()
            ? new CompleteWithdrawal(id, true)
            : new FailWithdrawal(id, returnReason(returned.getFirst()));
    paid.forEach(line -> decisions.put(line.number(), settlement));
    returned.forEach(line -> decisions.put(line.number(), settlement));
    return decisions;
  }

  /**
   * Files the line under the one candidate of its amount, or decides that it waits: for none, or
   * for several ({@code several} says which), of which an operator chooses.
   */
  private static <C, K> void byAmount(
      StatementLine line,
      List<C> sameAmount,
      Function<C, K> key,
      Map<K, List<StatementLine>> matched,
      Map<Integer, LineDecision> decisions,
      String several) {
    if (sameAmount.size() == 1) {
      matched.computeIfAbsent(key.apply(sameAmount.getFirst()), k -> new ArrayList<>()).add(line);
    } else {
      decisions.put(
          line.number(),
          new Unmatched(
              sameAmount.isEmpty()
                  ? "no withdrawal or deposit matches this line"
                  : several + ": an operator chooses"));
    }
  }

  /** A payment leaving the account, not one of the ledger's payouts coming back. */
  private static boolean paysOut(StatementLine line) {
    return line.direction() == CreditDebit.DEBIT && !line.returned();
  }

  /** The pending deposit a credit names by its end-to-end id or its remittance text, if any. */
  private static Optional<PendingDeposit> depositOf(StatementLine line, Candidates candidates) {
    return namedBy(line, candidates::depositWithReference);
  }

  /** The wallet a credit names by its standing deposit reference, if any. */
  private static Optional<AccountId> walletOf(StatementLine line) {
    return namedBy(line, DepositReference::walletNamedIn);
  }

  /** What a credit's end-to-end id, else its remittance text, names by {@code lookup}, if any. */
  private static <T> Optional<T> namedBy(StatementLine line, Function<String, Optional<T>> lookup) {
    if (!line.paysIn()) {
      return Optional.empty();
    }
    return Stream.of(line.endToEndId(), line.remittance())
        .filter(text -> text != null && !text.isBlank())
        .map(text -> lookup.apply(text.strip()))
        .flatMap(Optional::stream)
        .findFirst();
  }

  private static LineDecision decideBooking(
      BankStatement statement, StatementLine line, AccountId id, Candidates candidates) {
    Optional<Account> wallet = candidates.account(id).filter(a -> a.kind().isWallet());
    if (wallet.isEmpty()) {
      return new Unmatched(
          "the line names the deposit reference "
              + DepositReference.of(id)
              + " of account "
              + id.value()
              + ", which is no wallet");
    }
    if (!wallet.get().currency().equals(line.amount().currency())) {
      return new Unmatched(
          "the line names the deposit reference of wallet "
              + id.value()
              + ", which holds "
              + wallet.get().currency().value()
              + ", not "
              + line.amount().currency().value());
    }
    if (statement.kind() == StatementKind.NOTIFICATION) {
      return new Unmatched(
          "a notification's credit to wallet "
              + id.value()
              + "'s deposit reference is booked from the day's statement, which reports it again;"
              + " dismiss this line then");
    }
    return new BookDeposit(id);
  }

  private static Map<Integer, LineDecision> decideDeposit(
      PendingDeposit deposit, List<StatementLine> lines, boolean byReference) {
    Map<Integer, LineDecision> decisions = new LinkedHashMap<>();
    for (StatementLine line : lines) {
      LineDecision decision;
      if (lines.size() > 1) {
        decision =
            new Unmatched("pending deposit " + deposit.id() + " is paid on more than one line");
      } else if (!line.amount().equals(deposit.amount())) {
        decision =
            new Unmatched(
                "the line's "
                    + line.amount()
                    + " is not pending deposit "
                    + deposit.id()
                    + "'s "
                    + deposit.amount());
      } else {
        decision = new SettleDeposit(deposit.id(), byReference);
      }
      decisions.put(line.number(), decision);
    }
    return decisions;
  }

  /**
   * The failure reason of a withdrawal the line returns: the bank's reason code, when it gave one.
   */
  public static String returnReason(StatementLine line) {
    return line.returnReason() == null
        ? "returned by the bank"
        : "returned by the bank (" + line.returnReason() + ")";
  }
}
