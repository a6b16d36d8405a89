package dev.ewallet.ledger.adapter.persistence;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Boots only this adapter (JPA, JDBC, Liquibase) for its integration tests. */
@SpringBootApplication
class PersistenceTestApplication {}
