package dev.ewallet.ledger;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The architecture as rules an architect can read: each rule names the decision it enforces ({@link
 * Decision}), and {@link ArchitectureReportTest} renders them, with their results and the module
 * diagram, into docs/architecture/rules.md.
 */
@AnalyzeClasses(
    packages = "dev.ewallet.ledger",
    importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.ServiceCodeOnly.class})
class ArchitectureTest {

  /**
   * The service's own code: not the modules' test-jars, and not the libraries the project ships for
   * others (the testkit's in-memory adapters, the events client, the verifier), which the tests
   * use.
   */
  static final class ServiceCodeOnly implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("-tests.jar")
          && !location.contains("ledger-testkit")
          && !location.contains("ledger-events-client")
          && !location.contains("ledger-verifier");
    }
  }

  private static final String DOMAIN = "dev.ewallet.ledger.domain..";
  private static final String RUNTIME = "dev.ewallet.ledger.runtime..";
  private static final String APPLICATION = "dev.ewallet.ledger.application..";
  private static final String ADAPTERS = "dev.ewallet.ledger.adapter..";
  private static final Set<Class<?>> FLOATING_POINT =
      Set.of(double.class, float.class, Double.class, Float.class);

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The money rules run, embed and test without any framework")
  static final ArchRule domain_depends_only_on_the_jdk =
      classes()
          .that()
          .resideInAPackage(DOMAIN)
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(DOMAIN, "java..", "javax.crypto..")
          .as(
              "The domain depends only on the JDK (its java and javax.crypto packages): no framework"
                  + " reaches the money rules");

  @ArchTest
  @Decision(doc = "architecture.md", why = "The use cases embed in any program, Spring or not")
  static final ArchRule application_depends_only_on_the_domain_and_the_jdk =
      classes()
          .that()
          .resideInAPackage(APPLICATION)
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(APPLICATION, DOMAIN, RUNTIME, "java..")
          .as(
              "Use-case services depend only on the domain, the runtime machinery and the JDK: no"
                  + " Spring, web, JPA or Kafka");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why =
          "Threads, thread-locals and locks are how the service runs, not what the money rules say")
  static final ArchRule the_domain_holds_no_runtime_machinery =
      noClasses()
          .that()
          .resideInAPackage(DOMAIN)
          .should()
          .dependOnClassesThat()
          .belongToAnyOf(
              Thread.class,
              ThreadLocal.class,
              InheritableThreadLocal.class,
              Executors.class,
              ExecutorService.class)
          .orShould()
          .dependOnClassesThat()
          .resideInAPackage("java.util.concurrent.locks..")
          .as(
              "The domain starts no thread and holds no thread-local or lock: that machinery lives"
                  + " in ledger-runtime, beside the application and the adapters that run it");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The application and the adapters share the request deadline without a framework")
  static final ArchRule the_runtime_depends_only_on_the_jdk =
      classes()
          .that()
          .resideInAPackage(RUNTIME)
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(RUNTIME, "java..")
          .as("The runtime machinery (deadlines, their watcher, the timeout budget) is JDK only");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "Each technology can be replaced without touching another")
  static final ArchRule adapters_do_not_depend_on_each_other =
      slices()
          .matching("dev.ewallet.ledger.adapter.(*)..")
          .should()
          .notDependOnEachOther()
          .as("Adapters are independent of each other");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The ports are the only contract between the core and the outside")
  static final ArchRule adapters_reach_the_core_only_through_ports =
      noClasses()
          .that()
          .resideInAPackage(ADAPTERS)
          .should()
          .dependOnClassesThat()
          .resideInAPackage(APPLICATION)
          .as("Adapters reach the core through the domain's ports, never the services behind them");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "Every HTTP request goes through a use case and its rules")
  static final ArchRule the_rest_adapter_reaches_only_in_ports =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.adapter.rest..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.ewallet.ledger.domain.port.out..")
          .as("The REST adapter drives use cases (port.in) and never touches out-ports");

  @ArchTest
  @Decision(
      doc = "adr/0004-persistence-jpa-and-sql.md",
      why = "One place owns locks, transactions and SQL")
  static final ArchRule jpa_and_jdbc_live_only_in_the_persistence_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.persistence..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "jakarta.persistence..",
              "org.hibernate..",
              "org.springframework.data..",
              "org.springframework.jdbc..",
              "org.postgresql..",
              "liquibase..")
          .as("JPA, Hibernate, JDBC and Liquibase types appear only in the persistence adapter");

  @ArchTest
  @Decision(
      doc = "adr/0010-timeout-budget-and-unknown-outcomes.md",
      why = "Only the persistence adapter reads SQL states; the rest sees the domain's answers")
  static final ArchRule jdbc_types_live_only_in_the_persistence_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.persistence..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("java.sql..", "javax.sql..")
          .as("java.sql and javax.sql types appear only in the persistence adapter");

  @ArchTest
  @Decision(
      doc = "adr/0005-event-key-and-relay.md",
      why = "Events leave only through the outbox relay")
  static final ArchRule kafka_lives_only_in_the_kafka_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.kafka..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.apache.kafka..", "org.springframework.kafka..")
          .as("Kafka types appear only in the Kafka adapter");

  @ArchTest
  @Decision(
      doc = "adr/0006-spike-defences.md",
      why = "The shared limiter can fail over to the in-process one in one place")
  static final ArchRule redisson_lives_only_in_the_redis_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.redis..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.redisson..")
          .as("Redisson types appear only in the Redis adapter");

  @ArchTest
  @Decision(
      doc = "adr/0011-least-privilege-and-token-rules.md",
      why = "Authentication and HTTP concerns stay at the edge")
  static final ArchRule web_lives_only_in_the_rest_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.rest..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework.web..", "jakarta.servlet..", "org.springframework.security..")
          .as("HTTP, servlet and security types appear only in the REST adapter");

  @ArchTest
  @Decision(
      doc = "adr/0001-money-type.md",
      why = "Money is long minor units; binary fractions lose dong")
  static final ArchRule no_floating_point_fields_near_money =
      noFields()
          .that()
          .areDeclaredInClassesThat()
          .resideInAnyPackage(DOMAIN, APPLICATION)
          .should()
          .haveRawType(floatingPoint())
          .as("No double or float field in the domain or application: money is long minor units");

  @ArchTest
  @Decision(
      doc = "adr/0001-money-type.md",
      why = "Money is long minor units; binary fractions lose dong")
  static final ArchRule no_floating_point_in_signatures_near_money =
      noMethods()
          .that()
          .areDeclaredInClassesThat()
          .resideInAnyPackage(DOMAIN, APPLICATION)
          .should(haveFloatingPointInTheirSignature())
          .as("No double or float parameter or result in the domain or application");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "Each capability is one small interface a caller can find by name")
  static final ArchRule in_ports_are_single_method_use_cases_or_queries =
      classes()
          .that()
          .resideInAPackage("dev.ewallet.ledger.domain.port.in..")
          .and()
          .areInterfaces()
          .and()
          .haveSimpleNameNotEndingWith("Command")
          .should()
          .haveSimpleNameEndingWith("UseCase")
          .orShould()
          .haveSimpleNameEndingWith("Query")
          .andShould(haveExactlyOneAbstractMethod())
          .as("In-ports are <Verb><Noun>UseCase or <Noun>Query interfaces with one method");

  @ArchTest
  @Decision(doc = "architecture.md", why = "Input is validated once, when the command is built")
  static final ArchRule use_case_methods_take_commands =
      methods()
          .that()
          .areDeclaredInClassesThat()
          .haveSimpleNameEndingWith("UseCase")
          .and()
          .areDeclaredInClassesThat()
          .resideInAPackage("dev.ewallet.ledger.domain.port.in..")
          .should(takeOneCommandRecord())
          .as("Each UseCase method takes one <Verb><Noun>Command record, which validates itself");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The core states what it needs, not which product gives it")
  static final ArchRule out_ports_are_named_for_their_role =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.domain.port.out..")
          .should()
          .haveNameMatching(".*(Jpa|Jdbc|Sql|Postgres|Kafka|Redis|Redisson|Hibernate).*")
          .as("Out-ports are named for their role, never for a technology");

  @ArchTest
  @Decision(doc = "architecture.md", why = "The hexagon's modules depend only inward")
  static final ArchRule modules_follow_the_hexagon = HexagonLayers.rule();

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "Domain and use cases stay free of frameworks, so other teams can embed them")
  static final ArchRule no_framework_types_in_the_core =
      noClasses()
          .that()
          .resideInAnyPackage(DOMAIN, APPLICATION)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework..", "jakarta..", "com.fasterxml.jackson..", "tools.jackson..")
          .as("No Spring, Jakarta or Jackson type in the domain or the application");

  @ArchTest
  @Decision(doc = "architecture.md", why = "Every way out of the core is an adapter, found by name")
  static final ArchRule out_port_implementations_are_adapters_in_adapter_packages =
      classes()
          .that()
          .implement(resideInOutPorts())
          .and()
          .areNotInterfaces()
          .should()
          .resideInAPackage(ADAPTERS)
          .andShould()
          .haveSimpleNameEndingWith("Adapter")
          .as("Every out-port implementation is an *Adapter in an adapter package");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "Adapters are found by name and hidden behind their port")
  static final ArchRule port_implementations_are_named_adapters =
      classes()
          .that()
          .resideInAPackage(ADAPTERS)
          .and()
          .implement(resideInOutPorts())
          .should()
          .haveSimpleNameEndingWith("Adapter")
          .andShould()
          .notBePublic()
          .as("Out-port implementations are package-private <Tech><Port>Adapter classes");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The posting path reads without the read path, and a read never posts")
  static final ArchRule the_posting_engine_knows_no_flow_or_read =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.application.posting..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.ewallet.ledger.application.flows..",
              "dev.ewallet.ledger.application.reads..",
              "dev.ewallet.ledger.application.jobs..")
          .as("In the application, the posting engine uses no flow, read or job");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The posting path reads without the read path, and a read never posts")
  static final ArchRule application_reads_never_post =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.application.reads..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.ewallet.ledger.application.posting..", "dev.ewallet.ledger.application.flows..")
          .as("In the application, the reads use neither the posting engine nor a flow");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The posting path reads without the read path, and a read never posts")
  static final ArchRule the_persistence_adapter_keeps_posting_apart_from_reads =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.adapter.persistence.posting..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.ewallet.ledger.adapter.persistence.reads..",
              "dev.ewallet.ledger.adapter.persistence.replica..",
              "dev.ewallet.ledger.adapter.persistence.audit..",
              "dev.ewallet.ledger.adapter.persistence.outbox..")
          .as(
              "In the persistence adapter, the posting path (locks, writes, unit of work) uses no"
                  + " read, replica, audit or outbox class");

  @ArchTest
  @Decision(
      doc = "architecture.md",
      why = "The posting path reads without the read path, and a read never posts")
  static final ArchRule persistence_reads_never_reach_the_posting_path =
      noClasses()
          .that()
          .resideInAnyPackage(
              "dev.ewallet.ledger.adapter.persistence.reads..",
              "dev.ewallet.ledger.adapter.persistence.audit..",
              "dev.ewallet.ledger.adapter.persistence.outbox..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.ewallet.ledger.adapter.persistence.posting..")
          .as(
              "In the persistence adapter, reads, audit and outbox use nothing of the posting path");

  @ArchTest
  @Decision(doc = "architecture.md", why = "An endpoint can change without touching the chain")
  static final ArchRule rest_controllers_are_leaves =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.rest.controller..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.ewallet.ledger.adapter.rest.controller..")
          .as("No filter, security, problem or body class of the REST adapter uses a controller");

  @ArchTest
  @Decision(doc = "architecture.md", why = "The API's bodies are its contract, not its plumbing")
  static final ArchRule rest_bodies_know_only_problems =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.adapter.rest.dto..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.ewallet.ledger.adapter.rest.controller..",
              "dev.ewallet.ledger.adapter.rest.filter..",
              "dev.ewallet.ledger.adapter.rest.security..")
          .as(
              "The REST adapter's bodies and their parsing use no controller, filter or security class");

  @ArchTest
  @Decision(doc = "architecture.md", why = "Modules build and change in one direction")
  static final ArchRule modules_are_free_of_cycles =
      slices()
          .matching("dev.ewallet.ledger.(*)..")
          .should()
          .beFreeOfCycles()
          .as("The modules form no dependency cycle");

  @ArchTest
  @Decision(doc = "architecture.md", why = "The domain reads top-down")
  static final ArchRule domain_packages_are_free_of_cycles =
      slices()
          .matching("dev.ewallet.ledger.domain.(*)..")
          .should()
          .beFreeOfCycles()
          .as("The domain's packages form no dependency cycle");

  @ArchTest
  @Decision(doc = "architecture.md", why = "Days and months are UTC wherever the service runs")
  static final ArchRule no_code_reads_the_default_zone_or_locale =
      noClasses()
          .should()
          .callMethod(ZoneId.class, "systemDefault")
          .orShould()
          .callMethod(TimeZone.class, "getDefault")
          .orShould()
          .callMethod(Clock.class, "systemDefaultZone")
          .orShould()
          .callMethod(LocalDate.class, "now")
          .orShould()
          .callMethod(LocalDateTime.class, "now")
          .orShould()
          .callMethod(LocalTime.class, "now")
          .orShould()
          .callMethod(YearMonth.class, "now")
          .orShould()
          .callMethod(ZonedDateTime.class, "now")
          .orShould()
          .callMethod(OffsetDateTime.class, "now")
          .orShould()
          .callMethod(Locale.class, "getDefault")
          .orShould()
          .callMethod(String.class, "toUpperCase")
          .orShould()
          .callMethod(String.class, "toLowerCase")
          .orShould()
          .callMethod(String.class, "format", String.class, Object[].class)
          .orShould()
          .callMethod(String.class, "formatted", Object[].class)
          .as(
              "No code reads the JVM's default time zone or locale (now() without a zone or clock,"
                  + " toUpperCase() or format() without a locale)");

  private static DescribedPredicate<JavaClass> floatingPoint() {
    return DescribedPredicate.describe(
        "double or float", type -> FLOATING_POINT.stream().anyMatch(type::isEquivalentTo));
  }

  private static ArchCondition<JavaMethod> haveFloatingPointInTheirSignature() {
    return new ArchCondition<>("have double or float in their signature") {
      @Override
      public void check(JavaMethod method, ConditionEvents events) {
        boolean floating =
            floatingPoint().test(method.getRawReturnType())
                || method.getRawParameterTypes().stream().anyMatch(floatingPoint());
        events.add(new SimpleConditionEvent(method, floating, method.getFullName()));
      }
    };
  }

  private static ArchCondition<JavaClass> haveExactlyOneAbstractMethod() {
    return new ArchCondition<>("declare exactly one method") {
      @Override
      public void check(JavaClass port, ConditionEvents events) {
        long methods =
            port.getMethods().stream()
                .filter(m ->
                    m.getModifiers()
                        .contains(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT))
                .count();
        events.add(
            new SimpleConditionEvent(
                port, methods == 1, port.getSimpleName() + " declares " + methods + " methods"));
      }
    };
  }

  private static ArchCondition<JavaMethod> takeOneCommandRecord() {
    return new ArchCondition<>("take one Command record") {
      @Override
      public void check(JavaMethod method, ConditionEvents events) {
        var parameters = method.getRawParameterTypes();
        boolean ok =
            parameters.size() == 1
                && parameters.getFirst().getSimpleName().endsWith("Command")
                && isCommand(parameters.getFirst().reflect());
        events.add(new SimpleConditionEvent(method, ok, method.getFullName()));
      }
    };
  }

  /** A command record, or a sealed interface whose every permitted type is one. */
  private static boolean isCommand(Class<?> type) {
    if (type.isRecord()) {
      return type.getSimpleName().endsWith("Command");
    }
    return type.isSealed()
        && Arrays.stream(type.getPermittedSubclasses()).allMatch(ArchitectureTest::isCommand);
  }

  private static DescribedPredicate<JavaClass> resideInOutPorts() {
    return DescribedPredicate.describe(
        "an out-port",
        type -> type.getPackageName().startsWith("dev.ewallet.ledger.domain.port.out"));
  }
}
