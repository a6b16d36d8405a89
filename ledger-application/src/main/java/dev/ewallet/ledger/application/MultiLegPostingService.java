package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.PostLegsCommand;
import dev.ewallet.ledger.domain.port.in.PostLegsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Operators' multi-leg postings between wallets (a merchant's main account included; never a shard
 * or a system account, whose balances mirror what the ledger's own flows hold). The legs'
 * currencies are those of their accounts, read once locked, so the zero sum per currency is checked
 * there.
 */
public final class MultiLegPostingService implements PostLegsUseCase {

  private final PostingStrategy posting;
  private final AmountLimits limits;

  MultiLegPostingService(PostingStrategy posting, AmountLimits limits) {
    this.posting = posting;
    this.limits = limits;
  }

  @Override
  public PostingReceipt post(PostLegsCommand command) {
    command.caller().requireOperator();
    SortedSet<AccountId> accounts = new TreeSet<>();
    command.legs().forEach(leg -> accounts.add(leg.accountId()));
    return posting
        .post(
            PostingRequest.of(
                    command.caller(),
                    command.idempotencyKey(),
                    command.fingerprint(),
                    TransactionType.POSTING,
                    accounts,
                    (locked, id, at) -> {
                      List<Posting> postings = new ArrayList<>();
                      Map<CurrencyCode, Money> sums = new LinkedHashMap<>();
                      for (PostLegsCommand.Leg leg : command.legs()) {
                        Account account = locked.account(leg.accountId());
                        WalletRules.requireWallet(account);
                        Money amount = Money.of(leg.amountMinor(), account.currency());
                        limits.requireWithin(amount.isNegative() ? amount.negate() : amount);
                        sums.merge(amount.currency(), amount, Money::plus);
                        postings.add(new Posting(account.id(), amount));
                      }
                      sums.values().stream()
                          .filter(sum -> !sum.isZero())
                          .findFirst()
                          .ifPresent(sum -> {
                            throw new InvalidRequestException(
                                "the legs in "
                                    + sum.currency().value()
                                    + " sum to "
                                    + sum.amountMinor()
                                    + ", not zero");
                          });
                      return Planned.of(
                          JournalTransaction.create(id, TransactionType.POSTING, postings, at));
                    })
                .withDetails(command.details(), null))
        .receiptOrThrow();
  }
}
