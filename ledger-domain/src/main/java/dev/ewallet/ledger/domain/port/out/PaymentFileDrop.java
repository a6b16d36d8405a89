package dev.ewallet.ledger.domain.port.out;

/**
 * Where payment files are left for the bank's channel (a host-to-host or SFTP client picks them
 * up): each appears whole under its name or not at all.
 */
public interface PaymentFileDrop {

  /**
   * Leaves the file, replacing one of the same name (a file written again is the same bytes).
   *
   * @return where it was left, for people
   * @throws RuntimeException when it could not be left; the file stays recorded and can be written
   *     again
   */
  String drop(String fileName, byte[] content);
}
