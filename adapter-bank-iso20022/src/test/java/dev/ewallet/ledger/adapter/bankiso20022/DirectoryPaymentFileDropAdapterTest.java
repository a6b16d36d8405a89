package dev.ewallet.ledger.adapter.bankiso20022;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryPaymentFileDropAdapterTest {

  @TempDir Path dir;

  private static byte[] text(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aFileAppearsWholeUnderItsNameAndNothingElseIsLeft() throws Exception {
    Path outgoing = dir.resolve("outgoing");
    var drop = new DirectoryPaymentFileDropAdapter(outgoing);

    String left = drop.drop("PAY-1.xml", text("<Document/>"));

    assertThat(Path.of(left)).isEqualTo(outgoing.resolve("PAY-1.xml").toAbsolutePath());
    assertThat(Files.readString(Path.of(left))).isEqualTo("<Document/>");
    try (var files = Files.list(outgoing)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("PAY-1.xml");
    }
  }

  @Test
  void aFileWrittenAgainReplacesTheFirst() throws Exception {
    var drop = new DirectoryPaymentFileDropAdapter(dir);
    drop.drop("PAY-1.xml", text("first"));

    drop.drop("PAY-1.xml", text("again"));

    assertThat(Files.readString(dir.resolve("PAY-1.xml"))).isEqualTo("again");
  }

  @Test
  void aNameThatLeavesTheDirectoryIsRefused() {
    var drop = new DirectoryPaymentFileDropAdapter(dir.resolve("outgoing"));
    assertThatThrownBy(() -> drop.drop("../PAY-1.xml", text("x")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> drop.drop(".hidden", text("x")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDirectoryThatCannotBeMadeIsAnError() throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
    var drop = new DirectoryPaymentFileDropAdapter(file.resolve("outgoing"));
    assertThatThrownBy(() -> drop.drop("PAY-1.xml", text("x")))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("PAY-1.xml");
  }
}
