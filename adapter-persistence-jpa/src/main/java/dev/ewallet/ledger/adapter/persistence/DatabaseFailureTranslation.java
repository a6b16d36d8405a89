package dev.ewallet.ledger.adapter.persistence;

import org.aopalliance.intercept.MethodInterceptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Gives every storage adapter ({@code @Repository}) the domain's answer when the database cannot
 * serve a call made outside a unit of work: {@code OverloadedException} for a timeout, {@code
 * OutcomeUnknownException} for a lost connection ({@link DatabaseFailure#outsideUnitOfWork}).
 * Inside a unit of work the failure passes unchanged, because only the unit of work knows whether
 * its commit had been sent (ADR 0010). So the rest of the service never looks at SQL states or JDBC
 * types.
 */
@Component
class DatabaseFailureTranslation extends AbstractBeanFactoryAwareAdvisingPostProcessor {

  private static final Logger LOG = LoggerFactory.getLogger(DatabaseFailureTranslation.class);

  DatabaseFailureTranslation() {
    MethodInterceptor translate =
        invocation -> {
          try {
            return invocation.proceed();
          } catch (RuntimeException failure) {
            if (TransactionSynchronizationManager.isActualTransactionActive()) {
              throw failure;
            }
            RuntimeException answer = DatabaseFailure.outsideUnitOfWork(failure);
            if (answer != failure) {
              LOG.warn(
                  "{} failed outside a unit of work: {}",
                  invocation.getMethod().getName(),
                  failure.toString());
            }
            throw answer;
          }
        };
    this.advisor =
        new DefaultPointcutAdvisor(
            new AnnotationMatchingPointcut(Repository.class, true), translate);
    setBeforeExistingAdvisors(true);
  }
}
