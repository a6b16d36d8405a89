package dev.ewallet.ledger.adapter.rest.filter;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.DepositRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.HoldRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.PostingsRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferBatchRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.TransferRequest;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.WithdrawalRequest;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * Notes, for the audit event, the accounts a request body names, from the body as the controller
 * received it: the JSON is parsed once, for the controller, never again for the audit.
 */
@ControllerAdvice
class AuditedAccountsAdvice extends RequestBodyAdviceAdapter {

  @Override
  public boolean supports(
      MethodParameter parameter, Type targetType, Class<? extends HttpMessageConverter<?>> type) {
    return true;
  }

  @Override
  public Object afterBodyRead(
      Object body,
      HttpInputMessage message,
      MethodParameter parameter,
      Type targetType,
      Class<? extends HttpMessageConverter<?>> converterType) {
    List<Long> accounts =
        switch (body) {
          case DepositRequest deposit -> present(deposit.accountId());
          case TransferRequest transfer ->
              present(transfer.fromAccountId(), transfer.toAccountId());
          case WithdrawalRequest withdrawal -> present(withdrawal.accountId());
          case HoldRequest hold -> present(hold.accountId(), hold.destinationAccountId());
          case PostingsRequest postings when postings.postings() != null ->
              postings.postings().stream()
                  .filter(Objects::nonNull)
                  .flatMap(leg -> present(leg.accountId()).stream())
                  .toList();
          case TransferBatchRequest batch when batch.transfers() != null ->
              batch.transfers().stream()
                  .filter(Objects::nonNull)
                  .flatMap(t -> present(t.fromAccountId(), t.toAccountId()).stream())
                  .distinct()
                  .toList();
          default -> List.of();
        };
    if (!accounts.isEmpty()) {
      AuditRequestFilter.noteAccounts(accounts);
    }
    return body;
  }

  private static List<Long> present(Long... ids) {
    return Arrays.stream(ids).filter(Objects::nonNull).toList();
  }
}
