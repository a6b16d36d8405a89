package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.DormantAge;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.DormantWalletResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.DormantWalletsResponse;
import dev.ewallet.ledger.adapter.rest.dto.LedgerApiMapper;
import dev.ewallet.ledger.adapter.rest.dto.RequestFields;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.DormantWallet;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.DormantWalletsQuery;
import dev.ewallet.ledger.domain.port.in.ReactivateAccountCommand;
import dev.ewallet.ledger.domain.port.in.ReactivateAccountUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** Dormant wallets: waking one, and the report of them for unclaimed-property returns. */
@Tag(name = "Wallet lifecycle")
@RestController
class DormancyController {

  private static final String CSV_HEADER =
      "accountId,ownerId,currency,balance,dormantSince,daysDormant\r\n";

  private final ReactivateAccountUseCase reactivate;
  private final DormantWalletsQuery dormant;
  private final LedgerApiMapper mapper;
  private final Clock clock;

  DormancyController(
      ReactivateAccountUseCase reactivate,
      DormantWalletsQuery dormant,
      LedgerApiMapper mapper,
      Clock clock) {
    this.reactivate = reactivate;
    this.dormant = dormant;
    this.mapper = mapper;
    this.clock = clock;
  }

  @Operation(
      summary =
          "Wakes a dormant wallet (its owner, or operators): a wallet whose owner sent, withdrew,"
              + " held or deposited nothing for ledger.accounts.dormant-after turns DORMANT, still"
              + " receives, and refuses debits with 422 ACCOUNT_DORMANT until this. A wallet that"
              + " is not dormant is left as it is; a closed one answers 422 ACCOUNT_CLOSED.")
  @PostMapping("/v1/accounts/{id}/reactivate")
  AccountResponse reactivate(Caller caller, @PathVariable long id) {
    return mapper.account(
        reactivate.reactivate(new ReactivateAccountCommand(caller, AccountId.of(id))));
  }

  @Operation(
      summary =
          "The dormant wallets of a currency (operators), longest dormant first, with their"
              + " balances, counted and summed by whole years dormant: the figures of an"
              + " unclaimed-property return. As text/csv (Accept: text/csv) one row per wallet,"
              + " streamed.")
  @GetMapping(value = "/v1/reports/dormant-wallets", produces = MediaType.APPLICATION_JSON_VALUE)
  DormantWalletsResponse report(Caller caller, @RequestParam String currency) {
    Instant now = clock.instant();
    List<DormantWalletResponse> items = new ArrayList<>();
    dormant.dormantWallets(caller, code(currency), wallet -> items.add(item(wallet, now)));
    TreeMap<Integer, long[]> byYears = new TreeMap<>();
    long balance = 0;
    for (DormantWalletResponse item : items) {
      long[] age = byYears.computeIfAbsent((int) (item.daysDormant() / 365), years -> new long[2]);
      age[0]++;
      age[1] = Math.addExact(age[1], item.balance());
      balance = Math.addExact(balance, item.balance());
    }
    return new DormantWalletsResponse(
        code(currency).value(),
        now,
        items.size(),
        balance,
        byYears.entrySet().stream()
            .map(age -> new DormantAge(age.getKey(), age.getValue()[0], age.getValue()[1]))
            .toList(),
        items);
  }

  @Operation(summary = "The same report as CSV, one row per dormant wallet, streamed.")
  @GetMapping(value = "/v1/reports/dormant-wallets", produces = StatementCsv.MEDIA_TYPE)
  ResponseEntity<StreamingResponseBody> reportCsv(Caller caller, @RequestParam String currency) {
    CurrencyCode code = code(currency);
    Instant now = clock.instant();
    // Checked before the answer starts, so that a refusal is a problem, not a broken CSV; the
    // query checks it again.
    caller.requireOperator();
    StreamingResponseBody body =
        out -> {
          Writer writer =
              new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
          writer.write(CSV_HEADER);
          dormant.dormantWallets(
              caller,
              code,
              wallet -> {
                DormantWalletResponse item = item(wallet, now);
                try {
                  writer.write(
                      item.accountId()
                          + ","
                          + item.ownerId()
                          + ","
                          + code.value()
                          + ","
                          + item.balance()
                          + ","
                          + item.dormantSince()
                          + ","
                          + item.daysDormant()
                          + "\r\n");
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
          writer.flush();
        };
    return ResponseEntity.ok()
        .contentType(new MediaType("text", "csv", StandardCharsets.UTF_8))
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            "attachment; filename=\"dormant-wallets-" + code.value() + ".csv\"")
        .body(body);
  }

  private static CurrencyCode code(String currency) {
    return CurrencyCode.of(RequestFields.required(currency, "currency"));
  }

  private static DormantWalletResponse item(DormantWallet wallet, Instant now) {
    return new DormantWalletResponse(
        wallet.accountId().value(),
        wallet.owner().value(),
        wallet.balance().amountMinor(),
        wallet.dormantSince(),
        Math.max(0, Duration.between(wallet.dormantSince(), now).toDays()));
  }
}
