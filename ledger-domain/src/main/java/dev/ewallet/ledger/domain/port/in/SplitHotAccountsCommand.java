package dev.ewallet.ledger.domain.port.in;

/** Split the merchants measured hot, at most {@code maxSplits} of them in one run. */
public record SplitHotAccountsCommand(int maxSplits) {

  public SplitHotAccountsCommand {
    if (maxSplits < 1 || maxSplits > 1_000) {
      throw new IllegalArgumentException("maxSplits must be 1 to 1000");
    }
  }
}
