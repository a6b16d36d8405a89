package dev.ewallet.ledger.domain.error;

/**
 * A business rejection: the request was understood, but the ledger refuses it. Nothing is written
 * when one is thrown inside a posting, because the whole database transaction rolls back.
 *
 * <p>Programmer errors are not ledger exceptions: they fail fast with {@link
 * IllegalArgumentException} or {@link IllegalStateException}.
 */
public abstract sealed class LedgerException extends RuntimeException
    permits AccessDeniedException,
        AccountClosedException,
        AccountDormantException,
        AccountFrozenException,
        AccountNotEmptyException,
        AccountNotFoundException,
        AlreadyReversedException,
        AmountLimitExceededException,
        CheckpointNotFoundException,
        CheckpointRefusedException,
        CurrencyMismatchException,
        DuplicateReferenceException,
        HoldNotFoundException,
        HoldNotPendingException,
        IdempotencyKeyNotFoundException,
        IdempotencyKeyReusedException,
        InsufficientFundsException,
        InvalidRequestException,
        LimitExceededException,
        MonitorNotFoundException,
        MoneyOverflowException,
        NotReversibleException,
        OutcomeUnknownException,
        OverloadedException,
        PayoutFileNotFoundException,
        PendingDepositNotFoundException,
        PendingDepositNotPendingException,
        RefundExceedsOriginalException,
        SameAccountException,
        ScheduleConflictException,
        ScheduleNotFoundException,
        StatementConflictException,
        StatementInvalidException,
        StatementLineNotFoundException,
        StatementLineResolvedException,
        StatementTooLargeException,
        TooManyAccountsException,
        TooManyMonitorsException,
        TooManyWebhookEndpointsException,
        TransactionNotFoundException,
        WebhookDeliveryNotFoundException,
        WebhookEndpointNotFoundException,
        WebhookUrlRefusedException,
        WithdrawalNotFoundException,
        WithdrawalNotPendingException {

  protected LedgerException(String message) {
    super(message);
  }
}
