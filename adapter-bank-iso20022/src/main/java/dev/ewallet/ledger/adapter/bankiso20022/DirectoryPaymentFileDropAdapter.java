package dev.ewallet.ledger.adapter.bankiso20022;

import dev.ewallet.ledger.domain.port.out.PaymentFileDrop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Payment files left in a directory that the bank's channel (a host-to-host or SFTP client) picks
 * up ({@code ledger.bank.outgoing-dir}). A file is written under a hidden temporary name, forced to
 * disk and then renamed in one atomic step, so the channel never sees half a file.
 */
@Component
final class DirectoryPaymentFileDropAdapter implements PaymentFileDrop {

  private final Path directory;

  DirectoryPaymentFileDropAdapter(
      @Value("${ledger.bank.outgoing-dir:bank/outgoing}") Path directory) {
    this.directory = directory;
  }

  @Override
  public String drop(String fileName, byte[] content) {
    Path target = directory.resolve(fileName).normalize();
    if (!directory.equals(target.getParent()) || fileName.startsWith(".")) {
      throw new IllegalArgumentException("not a file name: " + fileName);
    }
    try {
      Files.createDirectories(directory);
      Path partial = directory.resolve("." + fileName + ".partial");
      try (FileChannel out =
          FileChannel.open(
              partial,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE)) {
        out.write(ByteBuffer.wrap(content));
        out.force(true);
      }
      Files.move(
          partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return target.toAbsolutePath().toString();
    } catch (IOException unwritten) {
      throw new UncheckedIOException(
          "payment file " + fileName + " not left in " + directory, unwritten);
    }
  }
}
