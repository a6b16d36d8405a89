package dev.ewallet.ledger.domain.journal;

import dev.ewallet.ledger.domain.account.DetailsDigest;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a client says about a transaction, stored with it and shown with it and its entries: its own
 * {@code reference} (an order id, the bank's credit id), a {@code description} for the wallet's
 * owner, and {@code metadata}. All optional; part of the idempotency fingerprint.
 *
 * <p>Limits: a reference is 1 to 128 printable ASCII characters ({@code 0x20} to {@code 0x7e}, not
 * only spaces); a description at most 140 characters; metadata at most 16 entries, each key 1 to 40
 * characters and each value at most 500, kept in key order. Characters are Unicode code points; no
 * control characters anywhere.
 *
 * @param reference {@code null} when none
 * @param description {@code null} when none (an empty one is none)
 * @param metadata never {@code null}; empty when none
 */
public record TransactionDetails(
    String reference, String description, Map<String, String> metadata) {

  public static final int MAX_REFERENCE = 128;
  public static final int MAX_DESCRIPTION = 140;
  public static final int MAX_METADATA_ENTRIES = 16;
  public static final int MAX_METADATA_KEY = 40;
  public static final int MAX_METADATA_VALUE = 500;

  /** No reference, description or metadata. */
  public static final TransactionDetails NONE = new TransactionDetails(null, null, Map.of());

  /** What erasing personal data leaves of a description and of each metadata value. */
  public static final String ERASED = "[erased]";

  /**
   * @throws InvalidRequestException naming the field that breaks a limit
   */
  public TransactionDetails {
    if (reference != null) {
      requireReference(reference);
    }
    if (description != null && description.isEmpty()) {
      description = null;
    }
    if (description != null) {
      requireText(description, "description", 0, MAX_DESCRIPTION);
    }
    metadata = metadata == null ? Map.of() : checkedMetadata(metadata);
  }

  /**
   * What the hash chain commits to of these details (version 2, {@link DetailsDigest}): SHA-256 of
   * the reference, the description, the number of metadata entries, then each key and its value in
   * key order (UTF-16 code units, as {@link String#compareTo}). Each text is the byte {@code 0x01},
   * its UTF-8 length as a big-endian 32-bit integer and its UTF-8 bytes; an absent reference or
   * description is the one byte {@code 0x00}. docs/statements.md works an example through.
   */
  public DetailsDigest digest() {
    return isEmpty() ? DetailsDigest.NO_DETAILS : digestOf(reference, description, metadata);
  }

  private static DetailsDigest digestOf(
      String reference, String description, Map<String, String> metadata) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    text(bytes, reference);
    text(bytes, description);
    bytes.writeBytes(ByteBuffer.allocate(4).putInt(metadata.size()).array());
    new TreeMap<>(metadata)
        .forEach((key, value) -> {
          text(bytes, key);
          text(bytes, value);
        });
    return DetailsDigest.ofCanonical(bytes.toByteArray());
  }

  private static void text(ByteArrayOutputStream bytes, String text) {
    if (text == null) {
      bytes.write(0);
      return;
    }
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    bytes.write(1);
    bytes.writeBytes(ByteBuffer.allocate(4).putInt(utf8.length).array());
    bytes.writeBytes(utf8);
  }

  /**
   * These details once personal data is erased: the reference stays (accounting needs it), a
   * description and every metadata value become {@link #ERASED}, metadata keys stay.
   */
  public TransactionDetails erased() {
    Map<String, String> values = new TreeMap<>();
    metadata.keySet().forEach(key -> values.put(key, ERASED));
    return new TransactionDetails(reference, description == null ? null : ERASED, values);
  }

  public boolean isEmpty() {
    return reference == null && description == null && metadata.isEmpty();
  }

  /**
   * The fields for a request's fingerprint: none when empty, so that a request without details
   * keeps the fingerprint it had before details existed, and a replay of it still matches.
   */
  public List<Object> fingerprintFields() {
    if (isEmpty()) {
      return List.of();
    }
    List<Object> fields = new ArrayList<>();
    fields.add(reference == null ? "" : reference);
    fields.add(description == null ? "" : description);
    metadata.forEach((key, value) -> fields.add(key + "\u001e" + value));
    return fields;
  }

  static void requireReference(String reference) {
    if (reference.isEmpty() || reference.length() > MAX_REFERENCE || reference.isBlank()) {
      throw new InvalidRequestException(
          "reference must be 1 to " + MAX_REFERENCE + " printable ASCII characters");
    }
    for (int i = 0; i < reference.length(); i++) {
      char c = reference.charAt(i);
      if (c < 0x20 || c > 0x7e) {
        throw new InvalidRequestException(
            "reference must be printable ASCII; character " + (i + 1) + " is not");
      }
    }
  }

  private static Map<String, String> checkedMetadata(Map<String, String> metadata) {
    if (metadata.size() > MAX_METADATA_ENTRIES) {
      throw new InvalidRequestException(
          "metadata has " + metadata.size() + " entries; at most " + MAX_METADATA_ENTRIES);
    }
    Map<String, String> sorted = new TreeMap<>();
    metadata.forEach((key, value) -> {
      if (key == null || value == null) {
        throw new InvalidRequestException("metadata keys and values must be strings");
      }
      requireText(key, "metadata key", 1, MAX_METADATA_KEY);
      requireText(value, "metadata value of '" + key + "'", 0, MAX_METADATA_VALUE);
      sorted.put(key, value);
    });
    return Collections.unmodifiableMap(sorted);
  }

  private static void requireText(String text, String field, int min, int max) {
    int length = text.codePointCount(0, text.length());
    if (length < min || length > max) {
      throw new InvalidRequestException(
          field + " must be " + (min == 0 ? "at most " + max : min + " to " + max) + " characters");
    }
    if (text.codePoints().anyMatch(Character::isISOControl)) {
      throw new InvalidRequestException(field + " must not contain control characters");
    }
  }
}
