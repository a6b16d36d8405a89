package dev.ewallet.ledger.application;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ewallet.ledger.application.posting.PostingMode;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.hotaccount.HotAccountRule;
import dev.ewallet.ledger.domain.limits.AmountLimits;
import dev.ewallet.ledger.domain.money.CurrencyCode;
import dev.ewallet.ledger.domain.outbox.TraceContext;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CreateAccountCommand;
import dev.ewallet.ledger.domain.port.in.DepositFundsCommand;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;
import dev.ewallet.ledger.domain.port.in.TransferFundsCommand;
import dev.ewallet.ledger.domain.port.out.PostingTracing;
import dev.ewallet.ledger.domain.port.out.WithdrawalRepository;
import dev.ewallet.ledger.testkit.InMemoryLedger;
import dev.ewallet.ledger.testkit.InMemoryRateLimiter;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import dev.ewallet.ledger.testkit.RecordingBank;
import dev.ewallet.ledger.testkit.RecordingPublisher;
import dev.ewallet.ledger.testkit.TestClock;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** The application's services over the in-memory ledger, with helpers the tests share. */
public class LedgerServicesFixture {

  public static final Caller OPERATOR = Caller.operator(1);

  /** The default limits, but at most 50,000 cents per USD transaction, so tests can reach it. */
  public static final LedgerLimits LIMITS =
      new LedgerLimits(
          20,
          new AmountLimits(AmountLimits.DEFAULT_MAX_MINOR, Map.of(LedgerFixtures.USD, 50_000L)));

  public final TestClock clock = new TestClock(Instant.parse("2026-11-30T10:00:00Z"));
  public final InMemoryLedger ledger;
  public final RecordingPublisher publisher = new RecordingPublisher();
  public final RecordingBank bank = new RecordingBank();
  public final InMemoryRateLimiter limiter = new InMemoryRateLimiter(clock);
  public final List<Integer> batchSizes = new CopyOnWriteArrayList<>();

  /** The caller's trace as the posting strategies read it, set per thread by a test. */
  public final ThreadLocal<TraceContext> callerTrace =
      ThreadLocal.withInitial(() -> TraceContext.NONE);

  /** The requests' traces of each batch the engine posted, in order. */
  public final List<List<TraceContext>> batchTraces = new CopyOnWriteArrayList<>();

  public final FaultyUnitOfWork unitOfWork;
  public final LedgerServices services;

  /**
   * The same ledger's services posting inline, which fund wallets whatever the fixture's mode: a
   * test that drives the group-commit engine by hand funds its wallets before, with no writer.
   */
  private final LedgerServices funding;

  private final AtomicReference<Error> nextBatchError = new AtomicReference<>();

  // The callers' threads of postings queued behind a held writer: one each, never a pool's turn.
  private final ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();

  // Failures the withdrawal store throws once each, by method name, as a database fault would.
  private final Map<String, RuntimeException> nextWithdrawalFaults = new ConcurrentHashMap<>();

  public LedgerServicesFixture() {
    this(PostingMode.INLINE);
  }

  public LedgerServicesFixture(PostingMode mode) {
    this(mode, HotAccountRule.DEFAULT);
  }

  /** Posting as {@code mode} says, splitting hot merchants by {@code hotAccounts}. */
  public LedgerServicesFixture(PostingMode mode, HotAccountRule hotAccounts) {
    this(mode, hotAccounts, 0);
  }

  /**
   * Posting as {@code mode} says, splitting hot merchants by {@code hotAccounts}, each system
   * account opened with {@code systemShards} shards.
   */
  public LedgerServicesFixture(PostingMode mode, HotAccountRule hotAccounts, int systemShards) {
    ledger = InMemoryLedger.create(systemShards);
    unitOfWork = new FaultyUnitOfWork(ledger.store());
    LedgerPorts ports =
        LedgerPorts.builder()
            .accounts(ledger.accounts())
            .journal(ledger.journal())
            .outboxAndStore(ledger.outbox())
            .audit(ledger.audit())
            .publisher(publisher)
            .rateLimiter(limiter)
            .withdrawals(faulty(ledger.bankFlows()))
            .holds(ledger.bankFlows())
            .pendingDeposits(ledger.bankFlows())
            .monitors(ledger.monitors())
            .hotAccounts(ledger.hotAccounts())
            .reads(ledger.reads())
            .bank(bank)
            .batchMetrics((size, wait, nanos) -> recordBatch(size))
            .auditTrail(ledger.auditTrail())
            .unitOfWork(unitOfWork)
            .tracing(
                new PostingTracing() {
                  @Override
                  public TraceContext current() {
                    return callerTrace.get();
                  }

                  @Override
                  public <T> T inBatch(List<TraceContext> carried, Supplier<T> batch) {
                    batchTraces.add(List.copyOf(carried));
                    return batch.get();
                  }
                })
            .build();
    RateLimits rateLimits = new RateLimits(10, 0, true);
    services = new LedgerServices(ports, rateLimits, LIMITS, mode, hotAccounts, clock);
    funding =
        mode instanceof PostingMode.Inline
            ? services
            : new LedgerServices(ports, rateLimits, LIMITS, PostingMode.INLINE, clock);
  }

  /** The withdrawal store, throwing the failures {@link #failNextWithdrawalCall} sets. */
  private WithdrawalRepository faulty(WithdrawalRepository store) {
    InvocationHandler faults =
        (proxy, method, args) -> {
          RuntimeException fault = nextWithdrawalFaults.remove(method.getName());
          if (fault != null) {
            throw fault;
          }
          try {
            return method.invoke(store, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return (WithdrawalRepository)
        Proxy.newProxyInstance(
            WithdrawalRepository.class.getClassLoader(),
            new Class<?>[] {WithdrawalRepository.class},
            faults);
  }

  /** Makes the withdrawal store's next call of {@code method} throw {@code fault}. */
  public void failNextWithdrawalCall(String method, RuntimeException fault) {
    nextWithdrawalFaults.put(method, fault);
  }

  /**
   * Holds the engine's only writer (started before) inside a unit of work of its own, a deposit of
   * 1 to a wallet of user 999, so that what is posted meanwhile waits in the queue in the order
   * {@link HeldWriter#queue} queues it; its batch is the first in {@link #batchSizes}.
   */
  public HeldWriter holdTheWriter() throws InterruptedException {
    AccountId holder = openWallet(999);
    CountDownLatch release = unitOfWork.stallNextStart();
    int runsBefore = unitOfWork.runs();
    CompletableFuture<PostingReceipt> held =
        CompletableFuture.supplyAsync(
            () ->
                services
                    .deposits()
                    .deposit(
                        new DepositFundsCommand(OPERATOR, LedgerFixtures.freshKey(), holder, 1)),
            callers);
    await(() -> unitOfWork.runs() > runsBefore, "the writer took the holding deposit");
    return new HeldWriter(release, held);
  }

  /** The engine's only writer, held by {@link #holdTheWriter()}. */
  public final class HeldWriter {

    private final CountDownLatch release;
    private final CompletableFuture<PostingReceipt> held;

    private HeldWriter(CountDownLatch release, CompletableFuture<PostingReceipt> held) {
      this.release = release;
      this.held = held;
    }

    /**
     * Posts on a caller's thread of its own and returns once the posting waits in the queue; the
     * future fails with the reason it was not posted.
     */
    public CompletableFuture<PostingReceipt> queue(Supplier<PostingReceipt> posting)
        throws InterruptedException {
      int waiting = services.postingWriters().writers().waiting();
      CompletableFuture<PostingReceipt> result = CompletableFuture.supplyAsync(posting, callers);
      await(
          () -> services.postingWriters().writers().waiting() > waiting,
          "the posting waits in the queue");
      return result;
    }

    /** A transfer queued behind the writer. */
    public CompletableFuture<PostingReceipt> queue(TransferFundsCommand transfer)
        throws InterruptedException {
      return queue(() -> services.transfers().transfer(transfer));
    }

    /** A deposit queued behind the writer. */
    public CompletableFuture<PostingReceipt> queue(DepositFundsCommand deposit)
        throws InterruptedException {
      return queue(() -> services.deposits().deposit(deposit));
    }

    /** Lets the writer go: its batch posts, and the next takes what waits in the queue. */
    public void release() {
      release.countDown();
      held.join();
    }
  }

  /** Waits until the condition holds, up to 10 s, for what happens on other threads. */
  public static void await(BooleanSupplier condition, String what) throws InterruptedException {
    for (int i = 0; i < 1_000 && !condition.getAsBoolean(); i++) {
      Thread.sleep(10);
    }
    assertThat(condition.getAsBoolean()).as(what).isTrue();
  }

  /**
   * Makes the next batch's report, after its commit, throw {@code error}: the writer dies holding
   * transfers that did post.
   */
  public void failAfterNextCommit(Error error) {
    nextBatchError.set(error);
  }

  private void recordBatch(int size) {
    batchSizes.add(size);
    Error error = nextBatchError.getAndSet(null);
    if (error != null) {
      throw error;
    }
  }

  public AccountId openWallet(long owner) {
    return openWallet(owner, LedgerFixtures.VND);
  }

  public AccountId openWallet(long owner, CurrencyCode currency) {
    return services
        .accounts()
        .create(new CreateAccountCommand(OPERATOR, currency, UserId.of(owner), null))
        .account()
        .id();
  }

  /** Funds the wallet inline, whatever the fixture's mode. */
  public PostingReceipt deposit(AccountId wallet, long amount) {
    return funding
        .deposits()
        .deposit(new DepositFundsCommand(OPERATOR, LedgerFixtures.freshKey(), wallet, amount));
  }

  public PostingReceipt transfer(long owner, AccountId from, AccountId to, long amount) {
    return services
        .transfers()
        .transfer(
            new TransferFundsCommand(
                Caller.user(owner), LedgerFixtures.freshKey(), from, to, amount));
  }

  public long balance(AccountId id) {
    return ledger.accounts().findById(id).orElseThrow().balance().amountMinor();
  }

  public boolean booksBalance() {
    return services.reconciliation().reconcile(OPERATOR).balanced();
  }
}
