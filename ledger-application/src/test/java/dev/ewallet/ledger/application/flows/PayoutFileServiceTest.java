package dev.ewallet.ledger.application.flows;

import static dev.ewallet.ledger.testkit.LedgerFixtures.VND;
import static dev.ewallet.ledger.testkit.LedgerFixtures.freshKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.application.LedgerServicesFixture;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.error.AccessDeniedException;
import dev.ewallet.ledger.domain.error.PayoutFileNotFoundException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.PayoutFileReceipt;
import dev.ewallet.ledger.domain.port.in.RequestWithdrawalCommand;
import dev.ewallet.ledger.domain.port.in.ResendPayoutFileCommand;
import dev.ewallet.ledger.domain.port.in.RunPayoutFilesCommand;
import dev.ewallet.ledger.domain.port.out.PaymentFileDrop;
import dev.ewallet.ledger.testkit.InMemoryPayoutFiles;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PayoutFileServiceTest {

  private static final Caller ALICE = Caller.user(7);
  private static final Caller OPERATOR = LedgerServicesFixture.OPERATOR;
  private static final BankParty PAYEE =
      new BankParty("Alice", BankAccountNumber.local("0071000999"), null);

  private final LedgerServicesFixture f = new LedgerServicesFixture();
  private final AccountId alice = f.openWallet(7);
  private final Map<String, byte[]> left = new LinkedHashMap<>();
  private boolean dropFails;

  private final PaymentFileDrop drop =
      (name, content) -> {
        if (dropFails) {
          throw new IllegalStateException("disk full");
        }
        left.put(name, content);
        return "/outgoing/" + name;
      };

  private final PayoutFileService payoutFiles =
      new PayoutFileService(
          new InMemoryPayoutFiles(f.ledger),
          (file, from) ->
              (from.holder().name()
                      + ":"
                      + file.payouts().stream()
                          .map(Payout::endToEndId)
                          .collect(Collectors.joining(",")))
                  .getBytes(StandardCharsets.UTF_8),
          drop,
          f.unitOfWork,
          List.of(
              new SafeguardingAccount(
                  VND,
                  new BankParty(
                      "Example Wallet JSC", BankAccountNumber.local("0071000123456"), null))),
          2,
          f.clock);

  PayoutFileServiceTest() {
    f.deposit(alice, 100_000);
  }

  /** A withdrawal a second after the one before: files take the oldest first. */
  private TransactionId withdraw(long amount, BankParty payee) {
    f.clock.advance(Duration.ofSeconds(1));
    return f.services
        .withdrawals()
        .request(new RequestWithdrawalCommand(ALICE, freshKey(), alice, amount, payee))
        .transactionId();
  }

  @Test
  void aRunFilesAtMostTheConfiguredPayoutsAndTheNextRunTheRest() {
    TransactionId first = withdraw(1_000, PAYEE);
    TransactionId second = withdraw(2_000, PAYEE);
    TransactionId third = withdraw(3_000, PAYEE);
    withdraw(4_000, null);

    List<PayoutFileReceipt> run = payoutFiles.run(new RunPayoutFilesCommand(OPERATOR));
    f.clock.advance(Duration.ofSeconds(1));
    List<PayoutFileReceipt> next = payoutFiles.run(new RunPayoutFilesCommand(OPERATOR));

    assertThat(run)
        .singleElement()
        .satisfies(file -> {
          assertThat(file.payouts()).isEqualTo(2);
          assertThat(file.total().amountMinor()).isEqualTo(3_000);
          assertThat(file.leftAt()).isEqualTo("/outgoing/" + file.fileId() + ".xml");
          assertThat(file.fileId()).startsWith("PAY-VND-20261130T100004-");
        });
    assertThat(new String(left.get(run.getFirst().fileId() + ".xml"), StandardCharsets.UTF_8))
        .isEqualTo(
            "Example Wallet JSC:" + Payout.endToEndIdOf(first) + "," + Payout.endToEndIdOf(second));
    assertThat(next).singleElement().satisfies(file -> assertThat(file.payouts()).isEqualTo(1));
    assertThat(new String(left.get(next.getFirst().fileId() + ".xml"), StandardCharsets.UTF_8))
        .endsWith(Payout.endToEndIdOf(third));
    assertThat(payoutFiles.run(new RunPayoutFilesCommand(OPERATOR))).isEmpty();
  }

  @Test
  void aFileThatCouldNotBeLeftStaysRecordedAndIsResentTheSame() {
    withdraw(1_000, PAYEE);
    dropFails = true;

    PayoutFileReceipt unwritten = payoutFiles.run(new RunPayoutFilesCommand(OPERATOR)).getFirst();

    assertThat(unwritten.leftAt()).isNull();
    assertThat(unwritten.problem()).isEqualTo("disk full");
    assertThat(payoutFiles.run(new RunPayoutFilesCommand(OPERATOR))).isEmpty();

    dropFails = false;
    PayoutFileReceipt resent =
        payoutFiles.resend(new ResendPayoutFileCommand(OPERATOR, unwritten.fileId()));
    byte[] first = left.get(unwritten.fileId() + ".xml");
    payoutFiles.resend(new ResendPayoutFileCommand(OPERATOR, unwritten.fileId()));

    assertThat(resent.leftAt()).isNotNull();
    assertThat(resent.total()).isEqualTo(unwritten.total());
    assertThat(left.get(unwritten.fileId() + ".xml")).isEqualTo(first);
    assertThatThrownBy(() -> payoutFiles.resend(new ResendPayoutFileCommand(OPERATOR, "PAY-NONE")))
        .isInstanceOf(PayoutFileNotFoundException.class);
  }

  @Test
  void onlyOperatorsRunResendAndRead() {
    assertThatThrownBy(() -> payoutFiles.run(new RunPayoutFilesCommand(ALICE)))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> payoutFiles.resend(new ResendPayoutFileCommand(ALICE, "PAY-1")))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> payoutFiles.get(ALICE, "PAY-1"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> payoutFiles.get(OPERATOR, "PAY-NONE"))
        .isInstanceOf(PayoutFileNotFoundException.class);
  }
}
