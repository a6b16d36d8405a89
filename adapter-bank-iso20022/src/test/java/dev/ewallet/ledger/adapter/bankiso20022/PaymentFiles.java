package dev.ewallet.ledger.adapter.bankiso20022;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads a pain.001.001.09 payment file as the bank would, for tests: validated against its schema
 * first. Shared with the system tests through this module's test jar.
 */
public final class PaymentFiles {

  /** One credit transfer of a file: its end-to-end id and instructed amount as written. */
  public record Transfer(String endToEndId, String amount, String currency) {}

  private PaymentFiles() {}

  /** The file's credit transfers in order; throws unless the file is valid pain.001.001.09. */
  public static List<Transfer> transfers(byte[] file) {
    Element root = Iso20022Xml.parse(file).getDocumentElement();
    if (!Iso20022Xml.PAIN_001.equals(root.getNamespaceURI())) {
      throw new IllegalArgumentException("not pain.001.001.09: " + root.getNamespaceURI());
    }
    NodeList transfers = root.getElementsByTagNameNS(Iso20022Xml.PAIN_001, "CdtTrfTxInf");
    List<Transfer> read = new ArrayList<>();
    for (int i = 0; i < transfers.getLength(); i++) {
      Element transfer = (Element) transfers.item(i);
      Element amount =
          (Element) transfer.getElementsByTagNameNS(Iso20022Xml.PAIN_001, "InstdAmt").item(0);
      read.add(
          new Transfer(
              transfer
                  .getElementsByTagNameNS(Iso20022Xml.PAIN_001, "EndToEndId")
                  .item(0)
                  .getTextContent(),
              amount.getTextContent(),
              amount.getAttribute("Ccy")));
    }
    return read;
  }
}
