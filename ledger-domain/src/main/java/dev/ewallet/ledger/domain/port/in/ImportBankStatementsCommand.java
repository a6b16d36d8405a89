package dev.ewallet.ledger.domain.port.in;

import java.util.Objects;

/**
 * A bank file to import (operators).
 *
 * @param mediaType what the file is: {@code application/xml} for ISO 20022 camt.053 and camt.054,
 *     {@code text/csv} for the CSV layout
 * @param dryRun only report what the import would store, match and settle
 */
public record ImportBankStatementsCommand(
    Caller caller, byte[] file, String mediaType, boolean dryRun) {

  public ImportBankStatementsCommand {
    CommandChecks.present(caller, "caller");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(mediaType, "mediaType");
  }
}
