package dev.ewallet.ledger.adapter.rest.dto;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Every text field of a request body, refused when it holds a control character (U+0000 to U+001F,
 * U+007F): such text breaks logs, statements and terminals downstream, and no field of the API
 * needs one.
 */
public final class TextDeserializer extends StringDeserializer {

  /** A text field held a control character. */
  public static final class ControlCharacterException extends MismatchedInputException {
    public ControlCharacterException(JsonParser parser) {
      super(parser, "a text field holds a control character", String.class);
    }
  }

  @Override
  public String deserialize(JsonParser parser, DeserializationContext context) {
    String text = super.deserialize(parser, context);
    if (text != null && hasControlCharacter(text)) {
      throw new ControlCharacterException(parser);
    }
    return text;
  }

  static boolean hasControlCharacter(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7F) {
        return true;
      }
    }
    return false;
  }
}
