package dev.ewallet.ledger.adapter.bankiso20022;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ewallet.ledger.domain.port.out.StatementInbox.WaitingFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryStatementInboxAdapterTest {

  @TempDir Path incoming;

  private DirectoryStatementInboxAdapter inbox(long maxBytes) {
    return new DirectoryStatementInboxAdapter(incoming, maxBytes);
  }

  private void file(String name, String content, String modified) throws Exception {
    Path file = incoming.resolve(name);
    Files.writeString(file, content);
    Files.setLastModifiedTime(file, FileTime.from(Instant.parse(modified)));
  }

  @Test
  void completeFilesWaitOldestFirstAndHiddenOnesAreStillBeingWritten() throws Exception {
    file("b.csv", "b", "2026-12-04T10:00:00Z");
    file("a.xml", "a", "2026-12-04T11:00:00Z");
    file("c.XML", "c", "2026-12-04T09:00:00Z");
    file(".d.xml.partial", "d", "2026-12-04T08:00:00Z");
    Files.createDirectories(incoming.resolve("imported"));

    assertThat(inbox(100).waiting(10)).containsExactly("c.XML", "b.csv", "a.xml");
    assertThat(inbox(100).waiting(1)).containsExactly("c.XML");
    WaitingFile csv = inbox(100).take("b.csv").orElseThrow();
    assertThat(csv.mediaType()).isEqualTo("text/csv");
    assertThat(csv.content()).isEqualTo("b".getBytes());
    assertThat(inbox(100).take("c.XML").orElseThrow().mediaType()).isEqualTo("application/xml");
    assertThat(inbox(100).take("gone.xml")).isEmpty();
    assertThatThrownBy(() -> inbox(100).take("../escape.xml"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anImportedFileMovesAsideWithoutOverwritingAndARefusedOneKeepsItsReason() throws Exception {
    file("a.xml", "first", "2026-12-04T10:00:00Z");
    inbox(100).imported("a.xml");
    file("a.xml", "again", "2026-12-04T11:00:00Z");
    inbox(100).imported("a.xml");
    file("b.txt", "memo", "2026-12-04T12:00:00Z");
    inbox(100).quarantine("b.txt", "the name ends in neither .xml nor .csv");

    assertThat(incoming.resolve("imported/a.xml")).hasContent("first");
    assertThat(incoming.resolve("imported/a.xml.1")).hasContent("again");
    assertThat(incoming.resolve("quarantine/b.txt")).hasContent("memo");
    assertThat(Files.readString(incoming.resolve("quarantine/b.txt.reason.txt")))
        .contains("neither .xml nor .csv");
    assertThat(inbox(100).waiting(10)).isEmpty();
    inbox(100).imported("a.xml");
  }

  @Test
  void aFileLargerThanAStatementMayBeIsRefusedBeforeItIsRead() throws Exception {
    file("big.xml", "x".repeat(101), "2026-12-04T10:00:00Z");

    assertThatThrownBy(() -> inbox(100).take("big.xml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("101 bytes");
  }

  @Test
  void noDirectoryMeansNothingWaits() {
    assertThat(new DirectoryStatementInboxAdapter(incoming.resolve("none"), 100).waiting(10))
        .isEmpty();
  }
}
