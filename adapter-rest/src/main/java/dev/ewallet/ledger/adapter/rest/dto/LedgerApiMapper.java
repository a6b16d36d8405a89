package dev.ewallet.ledger.adapter.rest.dto;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.EntryResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HoldResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.MismatchResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.Payee;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PendingDepositResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PostingResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ReconciliationResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransactionEntryResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransactionResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WithdrawalResponse;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.bankflow.Hold;
import dev.ewallet.ledger.domain.bankflow.PendingDeposit;
import dev.ewallet.ledger.domain.bankflow.Withdrawal;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.journal.PostedTransaction;
import dev.ewallet.ledger.domain.journal.ReconciliationMismatch;
import dev.ewallet.ledger.domain.journal.ReconciliationReport;
import dev.ewallet.ledger.domain.port.in.AccountView;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransactionView;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/** Flat conversions from the use cases' results to the API's JSON records. */
@Mapper(componentModel = "spring")
public interface LedgerApiMapper {

  @Mapping(target = "id", source = "account.id.value")
  @Mapping(target = "ownerId", source = "account.owner.value")
  @Mapping(target = "currency", source = "account.currency.value")
  @Mapping(target = "kind", source = "account.kind")
  @Mapping(target = "balance", source = "balance.amountMinor")
  @Mapping(target = "shards", expression = "java(view.shards() == 0 ? null : view.shards())")
  @Mapping(target = "heldAmount", source = "heldAmount.amountMinor")
  @Mapping(target = "pendingIn", source = "pendingIn.amountMinor")
  @Mapping(target = "status", source = "account.status")
  @Mapping(target = "createdAt", source = "account.createdAt")
  AccountResponse account(AccountView view);

  @Mapping(target = "depositId", source = "id.value")
  @Mapping(target = "accountId", source = "accountId.value")
  @Mapping(target = "currency", source = "amount.currency.value")
  @Mapping(target = "amount", source = "amount.amountMinor")
  @Mapping(target = "reference", source = "details.reference")
  @Mapping(target = "description", source = "details.description")
  @Mapping(target = "metadata", source = "details.metadata")
  @Mapping(target = "transactionId", source = "settledBy.value")
  PendingDepositResponse pendingDeposit(PendingDeposit deposit);

  @Mapping(target = "transactionId", source = "transactionId.value")
  @Mapping(target = "amount", source = "amount.amountMinor")
  @Mapping(target = "balanceAfter", source = "balanceAfter.amountMinor")
  @Mapping(target = "reference", source = "details.reference")
  @Mapping(target = "description", source = "details.description")
  @Mapping(target = "metadata", source = "details.metadata")
  @Mapping(target = "hash", source = "hash.hex")
  EntryResponse entry(LedgerEntry entry);

  @Mapping(target = "transactionId", source = "transactionId.value")
  @Mapping(target = "status", expression = "java(receipt.status())")
  @Mapping(target = "fee", expression = "java(receipt.feeMinor() == 0 ? null : receipt.feeMinor())")
  PostingResponse posting(PostingReceipt receipt);

  /** The transaction as the caller may see it: balances after only where the view shows them. */
  default TransactionResponse transaction(TransactionView view) {
    PostedTransaction transaction = view.transaction();
    return new TransactionResponse(
        transaction.id().toString(),
        transaction.type().name(),
        "COMPLETED",
        transaction.reversalOf() == null ? null : transaction.reversalOf().toString(),
        transaction.reversedBy() == null ? null : transaction.reversedBy().toString(),
        transaction.refundOf() == null ? null : transaction.refundOf().toString(),
        transaction.reason(),
        transaction.createdAt(),
        transaction.details().reference(),
        transaction.details().description(),
        transaction.details().metadata(),
        transaction.feeMinor() == 0 ? null : transaction.feeMinor(),
        transaction.entries().stream()
            .map(entry ->
                new TransactionEntryResponse(
                    entry.entryId(),
                    entry.accountId().value(),
                    entry.amount().currency().value(),
                    entry.amount().amountMinor(),
                    view.showsBalanceOf(entry.accountId())
                        ? entry.balanceAfter().amountMinor()
                        : null))
            .toList());
  }

  @Mapping(target = "ledgerSum", source = "ledgerSumMinor")
  ReconciliationResponse reconciliation(ReconciliationReport report);

  @Mapping(target = "expected", source = "expectedMinor")
  @Mapping(target = "actual", source = "actualMinor")
  MismatchResponse mismatch(ReconciliationMismatch mismatch);

  @Mapping(target = "withdrawalId", source = "id.value")
  @Mapping(target = "accountId", source = "accountId.value")
  @Mapping(target = "currency", source = "amount.currency.value")
  @Mapping(target = "amount", source = "amount.amountMinor")
  WithdrawalResponse withdrawal(Withdrawal withdrawal);

  default Payee payee(BankParty party) {
    if (party == null) {
      return null;
    }
    boolean iban = party.account().scheme() == BankAccountNumber.Scheme.IBAN;
    String number = party.account().value();
    return new Payee(party.name(), iban ? number : null, iban ? null : number, party.bic());
  }

  @Mapping(target = "holdId", source = "id.value")
  @Mapping(target = "accountId", source = "accountId.value")
  @Mapping(target = "destinationAccountId", source = "destinationAccountId.value")
  @Mapping(target = "currency", source = "amount.currency.value")
  @Mapping(target = "amount", source = "amount.amountMinor")
  @Mapping(target = "capturedAmount", source = "capturedAmount.amountMinor")
  HoldResponse hold(Hold hold);
}
