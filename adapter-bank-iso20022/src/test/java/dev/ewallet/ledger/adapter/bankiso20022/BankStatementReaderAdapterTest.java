package dev.ewallet.ledger.adapter.bankiso20022;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.bank.BankStatement;
import dev.ewallet.ledger.domain.error.StatementInvalidException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BankStatementReaderAdapterTest {

  private static final byte[] CSV =
      ("statement,MSG-1,STMT-1,DE89370400440532013000,EUR,10.00,12.50\n"
              + CsvStatements.HEADER
              + "\n2026-12-04,,CREDIT,2.50,,DEP-7,,,\n")
          .getBytes(StandardCharsets.UTF_8);

  private final BankStatementReaderAdapter reader =
      new BankStatementReaderAdapter(BankStatementReaderAdapter.DEFAULT_MAX_BYTES);

  @Test
  void theMediaTypeChoosesTheLayout() {
    List<BankStatement> xml = reader.read(CamtFile.statement().bytes(), "application/xml");
    List<BankStatement> csv = reader.read(CSV, "text/csv; charset=UTF-8");

    assertThat(xml.getFirst().statementId()).isEqualTo("STMT-20261204");
    assertThat(csv.getFirst().statementId()).isEqualTo("STMT-1");
    assertThat(reader.read(CamtFile.statement().bytes(), "TEXT/XML")).hasSize(1);
  }

  @Test
  void anUnknownMediaTypeIsRefused() {
    assertThatThrownBy(() -> reader.read(CSV, "application/json"))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("application/json");
  }

  @Test
  void aFileAboveTheSizeLimitIsRefusedBeforeItIsRead() {
    byte[] file = CamtFile.statement().bytes();
    assertThatThrownBy(() -> new BankStatementReaderAdapter(file.length - 1).read(file, "text/xml"))
        .isInstanceOf(StatementInvalidException.class)
        .hasMessageContaining("at most " + (file.length - 1));
    assertThat(new BankStatementReaderAdapter(file.length).read(file, "text/xml")).hasSize(1);
    assertThatThrownBy(() -> new BankStatementReaderAdapter(CSV.length - 1).read(CSV, "text/csv"))
        .isInstanceOf(StatementInvalidException.class);
  }
}
