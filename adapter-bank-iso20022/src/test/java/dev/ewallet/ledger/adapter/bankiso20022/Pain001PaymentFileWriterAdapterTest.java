package dev.ewallet.ledger.adapter.bankiso20022;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.journal.TransactionId;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class Pain001PaymentFileWriterAdapterTest {

  private static final CurrencyCode EUR = CurrencyCode.of("EUR");
  private static final SafeguardingAccount FROM =
      new SafeguardingAccount(
          EUR,
          new BankParty(
              "Example Wallet Ltd", BankAccountNumber.iban("DE89370400440532013000"), "COBADEFF"));
  private static final TransactionId FIRST =
      TransactionId.parse("0193a1f2-7c4e-7a10-9b2c-3d4e5f607182");
  private static final TransactionId SECOND =
      TransactionId.parse("0193a1f2-7c4e-7a10-9b2c-3d4e5f607183");

  private final Pain001PaymentFileWriterAdapter writer = new Pain001PaymentFileWriterAdapter();

  private static PayoutFile file(Payout... payouts) {
    return new PayoutFile(
        "PAYOUTS-EUR-1",
        EUR,
        Instant.parse("2026-12-04T10:15:30.123456Z"),
        LocalDate.parse("2026-12-05"),
        List.of(payouts));
  }

  private static PayoutFile twoPayouts() {
    return file(
        new Payout(
            FIRST,
            Money.of(12_345, EUR),
            new BankParty("Alice", BankAccountNumber.iban("GB82WEST12345698765432"), "WESTGB22")),
        new Payout(
            SECOND,
            Money.of(100, EUR),
            new BankParty("Bob", BankAccountNumber.local("0071000123"), null)));
  }

  @Test
  void payoutsBecomeOneValidCreditTransferEachWithTheWithdrawalAsEndToEndId() {
    byte[] written = writer.write(twoPayouts(), FROM);

    // Parsing validates it against the schema again, as the bank would.
    Document document = Iso20022Xml.parse(written);
    Element root = document.getDocumentElement();
    assertThat(root.getNamespaceURI()).isEqualTo(Iso20022Xml.PAIN_001);
    assertThat(texts(document, "MsgId")).containsExactly("PAYOUTS-EUR-1");
    assertThat(texts(document, "CreDtTm")).containsExactly("2026-12-04T10:15:30Z");
    assertThat(texts(document, "NbOfTxs")).containsExactly("2", "2");
    assertThat(texts(document, "CtrlSum")).containsExactly("124.45", "124.45");
    assertThat(texts(document, "EndToEndId"))
        .containsExactly("0193a1f27c4e7a109b2c3d4e5f607182", "0193a1f27c4e7a109b2c3d4e5f607183");
    assertThat(texts(document, "InstdAmt")).containsExactly("123.45", "1.00");
    assertThat(texts(document, "IBAN"))
        .containsExactly("DE89370400440532013000", "GB82WEST12345698765432");
    assertThat(texts(document, "BICFI")).containsExactly("COBADEFF", "WESTGB22");
    assertThat(texts(document, "Dt")).containsExactly("2026-12-05");
    assertThat(new String(written, StandardCharsets.UTF_8)).contains("<Id>0071000123</Id>");
  }

  @Test
  void theSameFileIsWrittenAgainByteForByte() {
    assertThat(writer.write(twoPayouts(), FROM)).isEqualTo(writer.write(twoPayouts(), FROM));
  }

  @Test
  void aFileIsPaidFromTheAccountOfItsCurrency() {
    SafeguardingAccount dollars = new SafeguardingAccount(CurrencyCode.of("USD"), FROM.holder());
    assertThatThrownBy(() -> writer.write(twoPayouts(), dollars))
        .isInstanceOf(CurrencyMismatchException.class);
  }

  @Test
  void aFileTheSchemaRefusesIsNeverProduced() {
    // 19 digits: the schema allows 18 in an amount.
    PayoutFile tooLarge =
        file(
            new Payout(
                FIRST,
                Money.of(Long.MAX_VALUE, EUR),
                new BankParty("Alice", BankAccountNumber.iban("GB82WEST12345698765432"), null)));
    assertThatThrownBy(() -> writer.write(tooLarge, FROM))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not valid pain.001.001.09");
  }

  private static List<String> texts(Document document, String name) {
    var nodes = document.getElementsByTagNameNS(Iso20022Xml.PAIN_001, name);
    return java.util.stream.IntStream.range(0, nodes.getLength())
        .mapToObj(i -> nodes.item(i).getTextContent().trim())
        .toList();
  }
}
