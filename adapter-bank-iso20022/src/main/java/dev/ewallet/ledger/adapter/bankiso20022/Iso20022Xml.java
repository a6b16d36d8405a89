package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.error.StatementInvalidException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.util.Objects;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.Source;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The messages' schemas, and the one way this adapter reads XML: size-limited, with no DOCTYPE, no
 * entity and no external resource of any kind (XXE), validated against the schema of the document's
 * own namespace while it is parsed.
 */
final class Iso20022Xml {

  static final String PAIN_001 = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";
  static final String CAMT_053 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.09";
  static final String CAMT_054 = "urn:iso:std:iso:20022:tech:xsd:camt.054.001.09";

  /** Every message this adapter writes or reads, each in its own namespace: one schema for all. */
  static final Schema SCHEMA =
      schema("pain.001.001.09.xsd", "camt.053.001.09.xsd", "camt.054.001.09.xsd");

  private static final DocumentBuilderFactory PARSERS = parsers();

  private Iso20022Xml() {}

  /**
   * Parses and validates a message.
   *
   * @throws StatementInvalidException when it declares a DOCTYPE, is not well-formed or is not
   *     valid against the schema of its namespace
   */
  static Document parse(byte[] file) {
    try {
      DocumentBuilder parser = PARSERS.newDocumentBuilder();
      parser.setErrorHandler(REFUSE_ANY_ERROR);
      return parser.parse(new ByteArrayInputStream(file));
    } catch (SAXParseException invalid) {
      throw new StatementInvalidException(
          "line " + invalid.getLineNumber() + ": " + invalid.getMessage());
    } catch (SAXException | IOException unreadable) {
      throw new StatementInvalidException(
          "the file is not readable XML: " + unreadable.getMessage());
    } catch (ParserConfigurationException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  private static final ErrorHandler REFUSE_ANY_ERROR =
      new ErrorHandler() {
        @Override
        public void warning(SAXParseException warning) {}

        @Override
        public void error(SAXParseException error) throws SAXException {
          throw error;
        }

        @Override
        public void fatalError(SAXParseException error) throws SAXException {
          throw error;
        }
      };

  private static Schema schema(String... files) {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    try {
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      Source[] sources = new Source[files.length];
      for (int i = 0; i < files.length; i++) {
        URL xsd =
            Objects.requireNonNull(
                Iso20022Xml.class.getResource("/iso20022/" + files[i]), files[i]);
        sources[i] = new StreamSource(xsd.toExternalForm());
      }
      return factory.newSchema(sources);
    } catch (SAXException broken) {
      throw new IllegalStateException("the ISO 20022 schemas do not load", broken);
    }
  }

  private static DocumentBuilderFactory parsers() {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    try {
      factory.setNamespaceAware(true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      factory.setXIncludeAware(false);
      factory.setExpandEntityReferences(false);
      factory.setSchema(SCHEMA);
      return factory;
    } catch (ParserConfigurationException unsupported) {
      throw new IllegalStateException(unsupported);
    }
  }
}
