package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.port.out.StatementInbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Statement files the bank's channel leaves in a directory ({@code ledger.bank.incoming-dir}). A
 * file whose name starts with a dot is still being written and is left alone: a channel writes
 * under a hidden name and renames the file when it is complete, as the ledger does with payment
 * files. Imported files move to {@code imported/} under the directory; refused ones to {@code
 * quarantine/}, each with a {@code <name>.reason.txt} beside it. A name taken before in either is
 * not overwritten: the file keeps its place and gets a numbered name.
 */
@Component
final class DirectoryStatementInboxAdapter implements StatementInbox {

  private final Path directory;
  private final long maxBytes;

  DirectoryStatementInboxAdapter(
      @Value("${ledger.bank.incoming-dir:bank/incoming}") Path directory,
      @Value(
              "${ledger.bank.statement-max-bytes:"
                  + BankStatementReaderAdapter.DEFAULT_MAX_BYTES
                  + "}")
          long maxBytes) {
    this.directory = directory.normalize();
    this.maxBytes = maxBytes;
  }

  @Override
  public List<String> waiting(int limit) {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .filter(Files::isRegularFile)
          .filter(file -> !file.getFileName().toString().startsWith("."))
          .sorted(
              Comparator.comparing(DirectoryStatementInboxAdapter::modified)
                  .thenComparing(Path::getFileName))
          .limit(limit)
          .map(file -> file.getFileName().toString())
          .toList();
    } catch (IOException unreadable) {
      throw new UncheckedIOException("the incoming directory " + directory, unreadable);
    }
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException gone) {
      return FileTime.fromMillis(Long.MAX_VALUE);
    }
  }

  @Override
  public Optional<WaitingFile> take(String name) {
    Path file = file(name);
    try {
      long size = Files.size(file);
      if (size > maxBytes) {
        throw new IllegalArgumentException(
            "the file has " + size + " bytes; a statement file has at most " + maxBytes);
      }
      return Optional.of(new WaitingFile(name, mediaType(name), Files.readAllBytes(file)));
    } catch (NoSuchFileException gone) {
      return Optional.empty();
    } catch (IOException unreadable) {
      throw new UncheckedIOException("statement file " + file, unreadable);
    }
  }

  private static String mediaType(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".xml")) {
      return "application/xml";
    }
    return lower.endsWith(".csv") ? "text/csv" : null;
  }

  @Override
  public void imported(String name) {
    moveTo("imported", name);
  }

  @Override
  public void quarantine(String name, String reason) {
    Path moved = moveTo("quarantine", name);
    if (moved != null) {
      try {
        Files.writeString(
            moved.resolveSibling(moved.getFileName() + ".reason.txt"),
            reason + System.lineSeparator(),
            StandardCharsets.UTF_8);
      } catch (IOException unwritten) {
        throw new UncheckedIOException("the reason beside " + moved, unwritten);
      }
    }
  }

  /** Moves the file into the subdirectory; {@code null} when another instance moved it first. */
  private Path moveTo(String subdirectory, String name) {
    Path target = directory.resolve(subdirectory);
    try {
      Files.createDirectories(target);
      Path free = target.resolve(name);
      for (int n = 1; Files.exists(free); n++) {
        free = target.resolve(name + "." + n);
      }
      return Files.move(file(name), free, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException gone) {
      return null;
    } catch (IOException unmoved) {
      throw new UncheckedIOException("statement file " + name + " not moved to " + target, unmoved);
    }
  }

  private Path file(String name) {
    Path file = directory.resolve(name).normalize();
    if (!directory.equals(file.getParent()) || name.startsWith(".")) {
      throw new IllegalArgumentException("not a waiting file's name: " + name);
    }
    return file;
  }
}
