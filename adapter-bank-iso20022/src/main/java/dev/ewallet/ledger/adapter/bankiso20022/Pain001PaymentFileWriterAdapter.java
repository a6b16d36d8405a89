package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.adapter.bankiso20022.pain001.AccountIdentification4Choice;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.ActiveOrHistoricCurrencyAndAmount;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.AmountType4Choice;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.BranchAndFinancialInstitutionIdentification6;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.CashAccount38;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.CreditTransferTransaction34;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.CustomerCreditTransferInitiationV09;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.DateAndDateTime2Choice;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.Document;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.FinancialInstitutionIdentification18;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.GenericAccountIdentification1;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.GroupHeader85;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.ObjectFactory;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.PartyIdentification135;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.PaymentIdentification6;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.PaymentInstruction30;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.PaymentMethod3Code;
import dev.ewallet.ledger.adapter.bankiso20022.pain001.RemittanceInformation16;
import dev.ewallet.ledger.domain.bank.Payout;
import dev.ewallet.ledger.domain.bank.PayoutFile;
import dev.ewallet.ledger.domain.bank.SafeguardingAccount;
import dev.ewallet.ledger.domain.bankflow.BankAccountNumber;
import dev.ewallet.ledger.domain.bankflow.BankParty;
import dev.ewallet.ledger.domain.error.CurrencyMismatchException;
import dev.ewallet.ledger.domain.port.out.PaymentFileWriter;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import java.io.ByteArrayOutputStream;
import java.time.temporal.ChronoUnit;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.springframework.stereotype.Component;

/**
 * Payouts as an ISO 20022 {@code pain.001.001.09} customer credit transfer initiation: one payment
 * information block paid from the safeguarding account, one credit transfer per withdrawal, its
 * end-to-end id the withdrawal's ({@link Payout#endToEndId}), not batch-booked, so that the bank
 * reports each payout as a statement line of its own. Everything written comes from the {@link
 * PayoutFile}, so a file written again is the same bytes. Each file is validated against the
 * message's schema as it is written: an invalid one is never produced.
 */
@Component
final class Pain001PaymentFileWriterAdapter implements PaymentFileWriter {

  private static final JAXBContext CONTEXT = context();
  private static final ObjectFactory MESSAGES = new ObjectFactory();
  private static final DatatypeFactory DATATYPES = datatypes();

  @Override
  public byte[] write(PayoutFile file, SafeguardingAccount from) {
    if (!from.currency().equals(file.currency())) {
      throw new CurrencyMismatchException(from.currency().value(), file.currency().value());
    }
    GroupHeader85 header = new GroupHeader85();
    header.setMsgId(file.id());
    header.setCreDtTm(dateTime(file));
    header.setNbOfTxs(Integer.toString(file.payouts().size()));
    header.setCtrlSum(file.total().toDecimal());
    header.setInitgPty(party(from.holder()));

    PaymentInstruction30 payments = new PaymentInstruction30();
    payments.setPmtInfId(file.id());
    payments.setPmtMtd(PaymentMethod3Code.TRF);
    payments.setBtchBookg(false);
    payments.setNbOfTxs(header.getNbOfTxs());
    payments.setCtrlSum(header.getCtrlSum());
    DateAndDateTime2Choice execution = new DateAndDateTime2Choice();
    execution.setDt(DATATYPES.newXMLGregorianCalendar(file.executionDate().toString()));
    payments.setReqdExctnDt(execution);
    payments.setDbtr(party(from.holder()));
    payments.setDbtrAcct(account(from.holder().account(), file));
    payments.setDbtrAgt(agent(from.holder().bic()));
    for (Payout payout : file.payouts()) {
      payments.getCdtTrfTxInf().add(transfer(payout));
    }

    CustomerCreditTransferInitiationV09 initiation = new CustomerCreditTransferInitiationV09();
    initiation.setGrpHdr(header);
    initiation.getPmtInf().add(payments);
    Document document = new Document();
    document.setCstmrCdtTrfInitn(initiation);
    return marshal(document);
  }

  private static CreditTransferTransaction34 transfer(Payout payout) {
    CreditTransferTransaction34 transfer = new CreditTransferTransaction34();
    PaymentIdentification6 id = new PaymentIdentification6();
    id.setInstrId(payout.endToEndId());
    id.setEndToEndId(payout.endToEndId());
    transfer.setPmtId(id);
    ActiveOrHistoricCurrencyAndAmount instructed = new ActiveOrHistoricCurrencyAndAmount();
    instructed.setCcy(payout.amount().currency().value());
    instructed.setValue(payout.amount().toDecimal());
    AmountType4Choice amount = new AmountType4Choice();
    amount.setInstdAmt(instructed);
    transfer.setAmt(amount);
    if (payout.payee().bic() != null) {
      transfer.setCdtrAgt(agent(payout.payee().bic()));
    }
    transfer.setCdtr(party(payout.payee()));
    transfer.setCdtrAcct(account(payout.payee().account(), null));
    RemittanceInformation16 remittance = new RemittanceInformation16();
    remittance.getUstrd().add("Wallet withdrawal " + payout.withdrawalId());
    transfer.setRmtInf(remittance);
    return transfer;
  }

  private static PartyIdentification135 party(BankParty holder) {
    PartyIdentification135 party = new PartyIdentification135();
    party.setNm(holder.name());
    return party;
  }

  /** The account, with its currency when it is the file's own (the debtor's). */
  private static CashAccount38 account(BankAccountNumber number, PayoutFile currencyOf) {
    AccountIdentification4Choice id = new AccountIdentification4Choice();
    if (number.scheme() == BankAccountNumber.Scheme.IBAN) {
      id.setIBAN(number.value());
    } else {
      GenericAccountIdentification1 other = new GenericAccountIdentification1();
      other.setId(number.value());
      id.setOthr(other);
    }
    CashAccount38 account = new CashAccount38();
    account.setId(id);
    if (currencyOf != null) {
      account.setCcy(currencyOf.currency().value());
    }
    return account;
  }

  /** The bank by its BIC; a bank known by the account alone is an empty identification. */
  private static BranchAndFinancialInstitutionIdentification6 agent(String bic) {
    FinancialInstitutionIdentification18 institution = new FinancialInstitutionIdentification18();
    institution.setBICFI(bic);
    BranchAndFinancialInstitutionIdentification6 agent =
        new BranchAndFinancialInstitutionIdentification6();
    agent.setFinInstnId(institution);
    return agent;
  }

  private static XMLGregorianCalendar dateTime(PayoutFile file) {
    return DATATYPES.newXMLGregorianCalendar(
        file.createdAt().truncatedTo(ChronoUnit.SECONDS).toString());
  }

  private static byte[] marshal(Document document) {
    try {
      Marshaller marshaller = CONTEXT.createMarshaller();
      marshaller.setProperty(Marshaller.JAXB_FORMATTED_OUTPUT, true);
      marshaller.setProperty(Marshaller.JAXB_ENCODING, "UTF-8");
      marshaller.setSchema(Iso20022Xml.SCHEMA);
      marshaller.setEventHandler(event -> false);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      marshaller.marshal(MESSAGES.createDocument(document), out);
      return out.toByteArray();
    } catch (JAXBException invalid) {
      throw new IllegalStateException(
          "the payment file is not valid pain.001.001.09: "
              + (invalid.getLinkedException() != null
                  ? invalid.getLinkedException().getMessage()
                  : invalid.getMessage()),
          invalid);
    }
  }

  private static DatatypeFactory datatypes() {
    try {
      return DatatypeFactory.newInstance();
    } catch (DatatypeConfigurationException unavailable) {
      throw new IllegalStateException(unavailable);
    }
  }

  private static JAXBContext context() {
    try {
      return JAXBContext.newInstance(ObjectFactory.class);
    } catch (JAXBException broken) {
      throw new IllegalStateException("the pain.001 classes do not bind", broken);
    }
  }
}
