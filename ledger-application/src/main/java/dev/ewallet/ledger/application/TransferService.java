package dev.ewallet.ledger.application;

import dev.ewallet.ledger.domain.account.Account;
import dev.ewallet.ledger.domain.journal.JournalTransaction;
import dev.ewallet.ledger.domain.journal.Posting;
import dev.ewallet.ledger.domain.journal.TransactionType;
import dev.ewallet.ledger.domain.money.Money;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.in.TransferFundsUseCase;
import java.util.List;
import java.util.TreeSet;

/** Wallet-to-wallet transfers. */
public final class TransferService implements TransferFundsUseCase {

  private final JournalPoster poster;

  TransferService(JournalPoster poster) {
    this.poster = poster;
  }

  @Override
  public PostingReceipt transfer(TransferFundsCommand command) {
    return poster.post(
        new PostingRequest(
            command.caller(),
            command.idempotencyKey(),
            command.fingerprint(),
            TransactionType.TRANSFER,
            new TreeSet<>(List.of(command.fromAccountId(), command.toAccountId())),
            null,
            null,
            (locked, id, at) -> {
              Account from = locked.get(command.fromAccountId());
              Account to = locked.get(command.toAccountId());
              command.caller().requireOwner(from);
              WalletRules.requireWallet(from);
              WalletRules.requireWallet(to);
              WalletRules.requireSameCurrency(from, to);
              Money amount = Money.of(command.amountMinor(), from.currency());
              return JournalTransaction.create(
                  id,
                  TransactionType.TRANSFER,
                  List.of(new Posting(from.id(), amount.negate()), new Posting(to.id(), amount)),
                  at);
            }));
  }
}
