package dev.ewallet.ledger.adapter.persistence;

import dev.ewallet.ledger.adapter.persistence.testing.PostgresTestDatabase;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Every persistence IT shares this one Spring context and database. */
@SpringBootTest(classes = PersistenceTestApplication.class)
abstract class PersistenceIntegrationTest {

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    PostgresTestDatabase.register(registry);
  }
}
