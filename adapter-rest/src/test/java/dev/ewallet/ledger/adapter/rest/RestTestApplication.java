package dev.ewallet.ledger.adapter.rest;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The configuration the web slices start from: this adapter's components, nothing else. */
@SpringBootApplication
class RestTestApplication {}
