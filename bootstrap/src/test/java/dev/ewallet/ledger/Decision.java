package dev.ewallet.ledger;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The decision an architecture rule enforces, for the report architects read. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface Decision {

  /** The document that records the decision, relative to {@code docs/}. */
  String doc();

  /** Why the rule exists, in one sentence. */
  String why();
}
