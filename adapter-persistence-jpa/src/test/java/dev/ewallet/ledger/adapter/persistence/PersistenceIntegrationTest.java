package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.account.AccountKind;
import dev.ewallet.ledger.domain.account.UserId;
import dev.ewallet.ledger.domain.port.out.AccountRepository;
import dev.ewallet.ledger.domain.port.out.NewAccount;
import dev.ewallet.ledger.testkit.LedgerFixtures;
import java.time.Instant;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Every persistence IT shares this one Spring context and database. */
@SpringBootTest(classes = PersistenceTestApplication.class)
public abstract class PersistenceIntegrationTest {

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    PostgresTestDatabase.register(registry);
    registry.add("ledger.system-accounts.shards", () -> 4);
  }

  /** A new user's wallet in VND, opened now. */
  protected static AccountId newWallet(AccountRepository accounts) {
    return accounts
        .create(
            new NewAccount(
                UserId.of(LedgerFixtures.freshUserId()),
                LedgerFixtures.VND,
                AccountKind.USER,
                Instant.now()))
        .id();
  }
}
