package dev.ewallet.ledger.application.posting;

/**
 * What a batch costs, learnt from the batches posted: a least-squares line {@code time = fixed +
 * perTransfer × size} through exponentially weighted means, variance and covariance of recent
 * batches (each weighing a 64th less than the one after it), so the model follows the database as
 * it speeds up or slows down. From it the engine knows how long a batch it starts will take and how
 * long a transfer would take alone ({@link #nanosFor(int)}): a request that would wait longer than
 * the latter for a busy writer starts another. Sizes are counted in 1,024ths of a transfer, in
 * longs (the domain and the application hold no floating point); a batch counts as at most 1,000
 * transfers and 10 s, which bounds every product below 10^16. Not thread-safe; the engine guards
 * it.
 */
final class CommitTimes {

  /** Before any batch: a transfer is assumed to take a millisecond alone. */
  static final long UNMEASURED_NANOS = 1_000_000;

  private static final long FADE = 64;
  private static final long ONE = 1_024;
  private static final long MAX_SIZE = 1_000;
  private static final long MAX_NANOS = 10_000_000_000L;

  private boolean measured;
  private long meanSize;
  private long meanNanos;
  private long sizeVariance;
  private long covariance;

  void record(int size, long nanos) {
    long n = Math.clamp(size, 1, MAX_SIZE) * ONE;
    long t = Math.clamp(nanos, 0, MAX_NANOS);
    if (!measured) {
      measured = true;
      meanSize = n;
      meanNanos = t;
      return;
    }
    long dn = n - meanSize;
    long dt = t - meanNanos;
    meanSize += dn / FADE;
    meanNanos += dt / FADE;
    sizeVariance += (dn * dn - sizeVariance) / FADE;
    covariance += (dn * dt - covariance) / FADE;
  }

  /**
   * How long a batch of {@code size} is expected to take: the fitted line at that size. While the
   * recent batches were all about one size, so that no line can be fitted, their mean time (for a
   * smaller batch an over-estimate, for a larger one an under-estimate). A batch no larger than the
   * mean takes no more than the mean and never less than zero; a larger one never less than the
   * mean.
   */
  long nanosFor(int size) {
    if (!measured) {
      return UNMEASURED_NANOS;
    }
    if (sizeVariance < ONE * ONE / 4) {
      return meanNanos;
    }
    long perTransferNanos = covariance / (sizeVariance / ONE);
    long n = Math.clamp(size, 1, MAX_SIZE) * ONE;
    long line = meanNanos + perTransferNanos * (n - meanSize) / ONE;
    return n <= meanSize ? Math.clamp(line, 0, meanNanos) : Math.clamp(line, meanNanos, MAX_NANOS);
  }
}
