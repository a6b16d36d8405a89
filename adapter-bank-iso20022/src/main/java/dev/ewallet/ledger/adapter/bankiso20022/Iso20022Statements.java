package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.bank.CreditDebit;
import dev.ewallet.ledger.domain.bank.StatementKind;
import dev.ewallet.ledger.domain.bank.StatementLine;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.money.Money;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads ISO 20022 {@code camt.053.001.09} end-of-day statements and {@code camt.054.001.09}
 * debit/credit notifications, after {@link Iso20022Xml} has validated them against their schema.
 * Both messages report on accounts with the same entries, so one reading by element name serves
 * both.
 *
 * <p>Only booked entries ({@code Sts/Cd} BOOK) become lines: pending and informational ones move no
 * balance and are matched when the bank books them. An entry the bank booked for several payments
 * ({@code TxDtls}, a batch) becomes one line per payment, whose amounts must add up to the entry's.
 * A payment's reference is its structured creditor reference, else its unstructured remittance
 * text; its end-to-end id is dropped when the bank writes {@code NOTPROVIDED}.
 */
final class Iso20022Statements {

  private Iso20022Statements() {}

  static List<BankStatement> read(byte[] file) {
    Element document = Iso20022Xml.parse(file).getDocumentElement();
    String namespace = document.getNamespaceURI();
    Element message;
    String reports;
    StatementKind kind;
    if (Iso20022Xml.CAMT_053.equals(namespace)) {
      message = child(document, "BkToCstmrStmt");
      reports = "Stmt";
      kind = StatementKind.END_OF_DAY;
    } else if (Iso20022Xml.CAMT_054.equals(namespace)) {
      message = child(document, "BkToCstmrDbtCdtNtfctn");
      reports = "Ntfctn";
      kind = StatementKind.NOTIFICATION;
    } else {
      throw new StatementInvalidException(
          "a " + namespace + " message is no statement; camt.053.001.09 or camt.054.001.09 is");
    }
    String messageId = text(child(message, "GrpHdr"), "MsgId");
    List<BankStatement> statements = new ArrayList<>();
    for (Element report : children(message, reports)) {
      statements.add(statement(messageId, kind, report));
    }
    return statements;
  }

  private static BankStatement statement(String messageId, StatementKind kind, Element report) {
    String id = text(report, "Id");
    Element account = child(report, "Acct");
    CurrencyCode currency = currencyOf(report, account);
    Money opening = null;
    Money closing = null;
    if (kind == StatementKind.END_OF_DAY) {
      opening = balance(report, currency, "OPBD");
      if (opening == null) {
        opening = balance(report, currency, "PRCD");
      }
      closing = balance(report, currency, "CLBD");
    }
    List<StatementLine> lines = new ArrayList<>();
    for (Element entry : children(report, "Ntry")) {
      if ("BOOK".equals(text(child(entry, "Sts"), "Cd"))) {
        lines.addAll(lines(entry, currency, lines.size() + 1, id));
      }
    }
    return new BankStatement(
        messageId, id, kind, accountNumber(account), currency, opening, closing, lines);
  }

  /** An entry's lines: one per payment the bank booked in it, or the entry itself. */
  private static List<StatementLine> lines(
      Element entry, CurrencyCode currency, int firstNumber, String statementId) {
    CreditDebit direction = direction(entry);
    Money amount = amount(child(entry, "Amt"), currency);
    LocalDate booked = date(child(entry, "BookgDt"));
    LocalDate value = date(child(entry, "ValDt"));
    if (value == null) {
      value = booked;
    }
    if (booked == null) {
      throw new StatementInvalidException(
          "statement " + statementId + ": a booked entry without a booking date");
    }
    boolean reversal = Boolean.parseBoolean(text(entry, "RvslInd"));
    String entryReference = firstNonNull(text(entry, "AcctSvcrRef"), text(entry, "NtryRef"));
    List<Element> payments = new ArrayList<>();
    for (Element details : children(entry, "NtryDtls")) {
      payments.addAll(children(details, "TxDtls"));
    }
    List<StatementLine> lines = new ArrayList<>();
    if (payments.isEmpty()) {
      lines.add(
          new StatementLine(
              firstNumber,
              entryReference,
              direction,
              amount,
              booked,
              value,
              null,
              null,
              reversal,
              null));
      return lines;
    }
    Money total = Money.zero(currency);
    for (Element payment : payments) {
      Element paymentAmount = child(payment, "Amt");
      if (paymentAmount == null && payments.size() > 1) {
        throw new StatementInvalidException(
            "statement "
                + statementId
                + ": an entry of several payments names one without its amount");
      }
      Money paid = paymentAmount == null ? amount : amount(paymentAmount, currency);
      CreditDebit paidDirection =
          child(payment, "CdtDbtInd") == null ? direction : direction(payment);
      Element references = child(payment, "Refs");
      Element returnInformation = child(payment, "RtrInf");
      StatementLine line =
          new StatementLine(
              firstNumber + lines.size(),
              firstNonNull(text(references, "AcctSvcrRef"), entryReference),
              paidDirection,
              paid,
              booked,
              value,
              endToEndId(text(references, "EndToEndId")),
              remittance(child(payment, "RmtInf")),
              reversal || returnInformation != null,
              text(child(child(returnInformation, "Rsn"), "Cd"), null));
      total = total.plus(line.signedAmount());
      lines.add(line);
    }
    Money entrySigned = direction == CreditDebit.CREDIT ? amount : amount.negate();
    if (!total.equals(entrySigned)) {
      throw new StatementInvalidException(
          "statement "
              + statementId
              + ": an entry of "
              + entrySigned
              + " lists payments of "
              + total);
    }
    return lines;
  }

  private static Money balance(Element report, CurrencyCode currency, String type) {
    for (Element balance : children(report, "Bal")) {
      if (type.equals(text(child(child(balance, "Tp"), "CdOrPrtry"), "Cd"))) {
        Money amount = amount(child(balance, "Amt"), currency);
        return direction(balance) == CreditDebit.CREDIT ? amount : amount.negate();
      }
    }
    return null;
  }

  /** The account's currency, or where the bank does not state it, that of its amounts. */
  private static CurrencyCode currencyOf(Element report, Element account) {
    String stated = text(account, "Ccy");
    if (stated == null) {
      for (String holder : List.of("Bal", "Ntry")) {
        Element first = child(report, holder);
        if (first != null) {
          stated = child(first, "Amt").getAttribute("Ccy");
          break;
        }
      }
    }
    if (stated == null) {
      throw new StatementInvalidException(
          "statement " + text(report, "Id") + " states no currency and has no amount");
    }
    return CurrencyCode.of(stated);
  }

  private static BankAccountNumber accountNumber(Element account) {
    Element id = child(account, "Id");
    String iban = text(id, "IBAN");
    return iban != null
        ? BankAccountNumber.iban(iban)
        : BankAccountNumber.local(text(child(id, "Othr"), "Id"));
  }

  private static Money amount(Element amount, CurrencyCode currency) {
    String in = amount.getAttribute("Ccy");
    if (!currency.value().equals(in)) {
      throw new CurrencyMismatchException(currency.value(), in);
    }
    return Money.ofDecimal(amount.getTextContent().trim(), currency);
  }

  private static CreditDebit direction(Element element) {
    return "CRDT".equals(text(element, "CdtDbtInd")) ? CreditDebit.CREDIT : CreditDebit.DEBIT;
  }

  /** A date or a date-time's day: both begin with the ISO date. */
  private static LocalDate date(Element choice) {
    if (choice == null) {
      return null;
    }
    String day = firstNonNull(text(choice, "Dt"), text(choice, "DtTm"));
    return day == null ? null : LocalDate.parse(day.substring(0, 10));
  }

  private static String endToEndId(String id) {
    return id == null || "NOTPROVIDED".equals(id) ? null : id;
  }

  private static String remittance(Element remittance) {
    if (remittance == null) {
      return null;
    }
    for (Element structured : children(remittance, "Strd")) {
      String reference = text(child(structured, "CdtrRefInf"), "Ref");
      if (reference != null) {
        return reference;
      }
    }
    List<String> texts = new ArrayList<>();
    for (Element unstructured : children(remittance, "Ustrd")) {
      texts.add(unstructured.getTextContent().trim());
    }
    return texts.isEmpty() ? null : String.join(" ", texts);
  }

  private static String firstNonNull(String first, String second) {
    return first != null ? first : second;
  }

  /** The trimmed text of the child of that name, or the element's own with {@code null}. */
  private static String text(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    Element element = name == null ? parent : child(parent, name);
    return element == null ? null : element.getTextContent().trim();
  }

  private static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && name.equals(element.getLocalName())) {
        return element;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && name.equals(element.getLocalName())) {
        found.add(element);
      }
    }
    return found;
  }
}
