package dev.ewallet.ledger.adapter.bankiso20022;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

/**
 * Builds camt.053.001.09 statements and camt.054.001.09 notifications the way a bank writes them,
 * for tests: entries in the order added, each optionally of several payments. Shared with the
 * system tests through this module's test jar.
 */
public final class CamtFile {

  private final boolean endOfDay;
  private final StringBuilder entries = new StringBuilder();
  private int entryCount;
  private String valueDate = "2026-12-05";
  private String account = "<IBAN>DE89370400440532013000</IBAN>";
  private String currency = "EUR";
  private String messageId = "MSG-20261204";
  private String statementId = "STMT-20261204";
  private String opening = "1000.00";
  private String closing = "1000.00";

  private CamtFile(boolean endOfDay) {
    this.endOfDay = endOfDay;
  }

  public static CamtFile statement() {
    return new CamtFile(true);
  }

  public static CamtFile notification() {
    return new CamtFile(false);
  }

  public CamtFile ids(String messageId, String statementId) {
    this.messageId = messageId;
    this.statementId = statementId;
    return this;
  }

  public CamtFile balances(String opening, String closing) {
    this.opening = opening;
    this.closing = closing;
    return this;
  }

  public CamtFile localAccount(String number) {
    account = "<Othr><Id>" + number + "</Id></Othr>";
    return this;
  }

  public CamtFile currency(String currency) {
    this.currency = currency;
    return this;
  }

  /** A booked entry of one payment; {@code details} is its TxDtls content, or null for none. */
  public CamtFile entry(String direction, String amount, String details) {
    return entry(direction, amount, "BOOK", details == null ? "" : txDtls(details));
  }

  /** A booked entry the bank made of several payments, each a TxDtls content. */
  public CamtFile batch(String direction, String amount, String... payments) {
    StringBuilder all = new StringBuilder();
    for (String payment : payments) {
      all.append(txDtls(payment));
    }
    return entry(direction, amount, "BOOK", all.toString());
  }

  /** The value date of the entries added after this; 2026-12-05 unless set. */
  public CamtFile valueDate(LocalDate day) {
    this.valueDate = day.toString();
    return this;
  }

  public CamtFile pending(String direction, String amount) {
    return entry(direction, amount, "PDNG", "");
  }

  private CamtFile entry(String direction, String amount, String status, String details) {
    int number = entryCount++;
    entries
        .append("<Ntry><NtryRef>E")
        .append(number)
        .append("</NtryRef><Amt Ccy=\"")
        .append(currency)
        .append("\">")
        .append(amount)
        .append("</Amt><CdtDbtInd>")
        .append(direction)
        .append("</CdtDbtInd><Sts><Cd>")
        .append(status)
        .append("</Cd></Sts><BookgDt><Dt>2026-12-04</Dt></BookgDt>")
        .append("<ValDt><Dt>")
        .append(valueDate)
        .append("</Dt></ValDt><AcctSvcrRef>BANK-")
        .append(number)
        .append("</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd>")
        .append("<SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>")
        .append(details.isEmpty() ? "" : "<NtryDtls>" + details + "</NtryDtls>")
        .append("</Ntry>");
    return this;
  }

  private static String txDtls(String content) {
    return "<TxDtls>" + content + "</TxDtls>";
  }

  /** A payment's references and amount, as TxDtls content. */
  public static String payment(String endToEndId, String amount, String currency) {
    return "<Refs><EndToEndId>"
        + endToEndId
        + "</EndToEndId></Refs><Amt Ccy=\""
        + currency
        + "\">"
        + amount
        + "</Amt>";
  }

  public static String withReference(String payment, String reference) {
    return payment
        + "<RmtInf><Strd><CdtrRefInf><Ref>"
        + reference
        + "</Ref></CdtrRefInf></Strd></RmtInf>";
  }

  public static String withText(String payment, String text) {
    return payment + "<RmtInf><Ustrd>" + text + "</Ustrd></RmtInf>";
  }

  public static String returned(String payment, String reason) {
    return payment + "<RtrInf><Rsn><Cd>" + reason + "</Cd></Rsn></RtrInf>";
  }

  public String xml() {
    String ns = endOfDay ? "camt.053.001.09" : "camt.054.001.09";
    String message = endOfDay ? "BkToCstmrStmt" : "BkToCstmrDbtCdtNtfctn";
    String report = endOfDay ? "Stmt" : "Ntfctn";
    String balances = endOfDay ? balance("OPBD", opening) + balance("CLBD", closing) : "";
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:"
        + ns
        + "\"><"
        + message
        + "><GrpHdr><MsgId>"
        + messageId
        + "</MsgId><CreDtTm>2026-12-04T23:00:00Z</CreDtTm></GrpHdr><"
        + report
        + "><Id>"
        + statementId
        + "</Id><Acct><Id>"
        + account
        + "</Id><Ccy>"
        + currency
        + "</Ccy></Acct>"
        + balances
        + entries
        + "</"
        + report
        + "></"
        + message
        + "></Document>\n";
  }

  public byte[] bytes() {
    return xml().getBytes(StandardCharsets.UTF_8);
  }

  private String balance(String type, String amount) {
    boolean negative = amount.startsWith("-");
    return "<Bal><Tp><CdOrPrtry><Cd>"
        + type
        + "</Cd></CdOrPrtry></Tp><Amt Ccy=\""
        + currency
        + "\">"
        + (negative ? amount.substring(1) : amount)
        + "</Amt><CdtDbtInd>"
        + (negative ? "DBIT" : "CRDT")
        + "</CdtDbtInd><Dt><Dt>2026-12-04</Dt></Dt></Bal>";
  }
}
