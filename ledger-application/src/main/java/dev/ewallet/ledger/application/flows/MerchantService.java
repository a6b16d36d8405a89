package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.PostingOutcome;
import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.IdempotencyKey;
import dev.ewallet.ledger.domain.journal.RequestFingerprint;
import dev.ewallet.ledger.domain.movement.Sweep;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantCommand;
import dev.ewallet.ledger.domain.port.in.ResizeMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.SweepMerchantCommand;
import dev.ewallet.ledger.domain.port.in.SweepMerchantUseCase;
import dev.ewallet.ledger.domain.port.in.SweepResult;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * Hot merchants: a main account plus N shards. Credits spread over the shards (see {@link
 * TransferService}); payouts leave from the main account, whose balance check needs the money
 * there, so the sweep gathers it, one shard at a time.
 */
public final class MerchantService implements ResizeMerchantUseCase, SweepMerchantUseCase {

  private final AccountRepository accounts;
  private final AccountService accountViews;
  private final PostingStrategy posting;
  private final Clock clock;

  public MerchantService(
      AccountRepository accounts,
      AccountService accountViews,
      PostingStrategy posting,
      Clock clock) {
    this.accounts = accounts;
    this.accountViews = accountViews;
    this.posting = posting;
    this.clock = clock;
  }

  @Override
  public AccountView resize(ResizeMerchantCommand command) {
    command.caller().requireOperator();
    Account merchant = merchant(command.merchantId());
    int current = accounts.findShards(merchant.id()).size();
    if (command.shards() < current) {
      throw new InvalidRequestException(
          "merchant " + merchant.id() + " has " + current + " shards; shards are never removed");
    }
    accountViews.addShards(
        merchant, current, command.shards(), clock.instant().truncatedTo(ChronoUnit.MICROS));
    return accountViews.view(merchant.id());
  }

  @Override
  public SweepResult sweep(SweepMerchantCommand command) {
    command.caller().requireOperator();
    Account merchant = merchant(command.merchantId());
    long swept = 0;
    int transactions = 0;
    for (Account shard : accounts.findShards(merchant.id())) {
      if (shard.balance().isPositive()) {
        switch (sweep(command, merchant, shard)) {
          case PostingOutcome.Posted posted -> {
            transactions++;
            swept += posted.transaction().postings().getLast().amount().amountMinor();
          }
          case PostingOutcome.Replayed replayed -> {}
          case PostingOutcome.Rejected(Sweep.ShardEmptied emptied) -> {
            // A reversal took the shard's money between our read and our lock: nothing to gather.
          }
          case PostingOutcome failed -> failed.receiptOrThrow();
        }
      }
    }
    return new SweepResult(swept, transactions);
  }

  /** Gathers one shard's balance as locked into the merchant's main account. */
  private PostingOutcome sweep(SweepMerchantCommand command, Account merchant, Account shard) {
    return posting.post(
        new PostingRequest(
            command.caller(),
            IdempotencyKey.of(shardKey(command.idempotencyKey(), shard)),
            RequestFingerprint.of("SWEEP", merchant.id(), shard.id()),
            new Sweep(merchant.id(), shard.id())));
  }

  /** Each shard's sweep has its own key, derived from the caller's, within 255 characters. */
  private static String shardKey(IdempotencyKey key, Account shard) {
    String suffix = "/shard-" + shard.id();
    String base = key.value();
    return base.length() + suffix.length() <= IdempotencyKey.MAX_LENGTH
        ? base + suffix
        : RequestFingerprint.of("KEY", base).sha256Hex() + suffix;
  }

  private Account merchant(AccountId id) {
    Account account = accounts.existing(id);
    if (account.kind() != AccountKind.MERCHANT) {
      throw new InvalidRequestException("account " + account.id() + " is not a merchant");
    }
    return account;
  }
}
