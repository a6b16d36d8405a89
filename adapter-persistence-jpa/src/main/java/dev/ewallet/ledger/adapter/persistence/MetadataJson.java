package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.domain.journal.TransactionDetails;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** A transaction's details to and from their columns: metadata is a {@code jsonb} object. */
public final class MetadataJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<Map<String, String>> STRINGS = new TypeReference<>() {};

  private MetadataJson() {}

  /** The metadata as a JSON object, or {@code null} when there is none. */
  public static String write(TransactionDetails details) {
    return details.metadata().isEmpty() ? null : JSON.writeValueAsString(details.metadata());
  }

  public static TransactionDetails details(String reference, String description, String metadata) {
    if (reference == null && description == null && metadata == null) {
      return TransactionDetails.NONE;
    }
    return new TransactionDetails(
        reference, description, metadata == null ? Map.of() : JSON.readValue(metadata, STRINGS));
  }
}
