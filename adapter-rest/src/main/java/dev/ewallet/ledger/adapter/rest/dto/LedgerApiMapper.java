package dev.ewallet.ledger.adapter.rest.dto;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.BankExceptionsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.BankStatementLineResponse;
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
import dev.ewallet.ledger.domain.bank.BankExceptions;
import dev.ewallet.ledger.domain.bank.LineResolution;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bank.StoredLine;
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
import java.util.Objects;
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
  @Mapping(
      target = "depositReference",
      expression = "java(view.depositReference().map(r -> r.value()).orElse(null))")
  @Mapping(target = "status", source = "account.status")
  @Mapping(target = "createdAt", source = "account.createdAt")
  AccountResponse account(AccountView view);

  @Mapping(target = "id", source = "id.value")
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
  @Mapping(target = "detailsDigest", source = "detailsDigest.hex")
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
        view.refundableMinor(),
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

  @Mapping(target = "ledgerSum", source = "report.ledgerSumMinor")
  @Mapping(target = "sumByCurrency", source = "report.sumByCurrency")
  @Mapping(target = "mismatches", source = "report.mismatches")
  @Mapping(target = "checkedAt", source = "report.checkedAt")
  @Mapping(target = "bank", source = "bank")
  ReconciliationResponse reconciliation(ReconciliationReport report, BankExceptions bank);

  default BankExceptionsResponse bankExceptions(BankExceptions bank) {
    return new BankExceptionsResponse(
        bank.unmatchedLineAge().toString(),
        bank.staleLines().count(),
        bank.staleLines().oldest().stream().map(LedgerApiMapper::statementLine).toList(),
        bank.settlementTime().toString(),
        bank.overduePayouts().count(),
        bank.overduePayouts().oldest().stream().map(this::withdrawal).toList());
  }

  /** A stored statement line with its resolution, if any. */
  static BankStatementLineResponse statementLine(StoredLine stored) {
    StatementLine line = stored.line();
    LineResolution resolution = stored.resolution();
    return new BankStatementLineResponse(
        stored.id(),
        stored.messageId(),
        stored.statementId(),
        stored.account().value(),
        line.number(),
        line.direction().name(),
        line.amount().amountMinor(),
        line.amount().currency().value(),
        line.bookingDate(),
        line.valueDate(),
        line.bankReference(),
        line.endToEndId(),
        line.remittance(),
        line.returned(),
        line.returnReason(),
        stored.status().name(),
        resolution == null ? null : Objects.toString(resolution.withdrawalId(), null),
        resolution == null ? null : Objects.toString(resolution.depositId(), null),
        resolution == null ? null : Objects.toString(resolution.transactionId(), null),
        resolution == null ? null : resolution.reason(),
        resolution == null ? null : resolution.decidedBy(),
        resolution == null ? null : resolution.decidedAt());
  }

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
