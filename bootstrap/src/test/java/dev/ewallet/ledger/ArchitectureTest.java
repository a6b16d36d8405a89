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
import java.util.Set;

/**
 * The architecture as rules an architect can read in the report: one rule per decision of
 * shared/STYLE.md, each named for what it protects.
 */
@AnalyzeClasses(
    packages = "dev.ewallet.ledger",
    importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

  /** Shared test fixtures come from the modules' test-jars; they are not production code. */
  static final class NoTestJars implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("-tests.jar");
    }
  }

  private static final String DOMAIN = "dev.ewallet.ledger.domain..";
  private static final String APPLICATION = "dev.ewallet.ledger.application..";
  private static final String ADAPTERS = "dev.ewallet.ledger.adapter..";
  private static final Set<Class<?>> FLOATING_POINT =
      Set.of(double.class, float.class, Double.class, Float.class);

  @ArchTest
  static final ArchRule domain_depends_only_on_the_jdk =
      classes()
          .that()
          .resideInAPackage(DOMAIN)
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(DOMAIN, "java..")
          .as("The domain depends only on the JDK: no framework reaches the money rules");

  @ArchTest
  static final ArchRule application_depends_only_on_the_domain_and_the_jdk =
      classes()
          .that()
          .resideInAPackage(APPLICATION)
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(APPLICATION, DOMAIN, "java..")
          .as(
              "Use-case services depend only on the domain and the JDK: no Spring, web, JPA or Kafka");

  @ArchTest
  static final ArchRule adapters_do_not_depend_on_each_other =
      slices()
          .matching("dev.ewallet.ledger.adapter.(*)..")
          .should()
          .notDependOnEachOther()
          .as("Adapters are independent of each other");

  @ArchTest
  static final ArchRule adapters_reach_the_core_only_through_ports =
      noClasses()
          .that()
          .resideInAPackage(ADAPTERS)
          .should()
          .dependOnClassesThat()
          .resideInAPackage(APPLICATION)
          .as("Adapters reach the core through the domain's ports, never the services behind them");

  @ArchTest
  static final ArchRule the_rest_adapter_reaches_only_in_ports =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.adapter.rest..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.ewallet.ledger.domain.port.out..")
          .as("The REST adapter drives use cases (port.in) and never touches out-ports");

  @ArchTest
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
  static final ArchRule kafka_lives_only_in_the_kafka_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.kafka..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.apache.kafka..", "org.springframework.kafka..")
          .as("Kafka types appear only in the Kafka adapter");

  @ArchTest
  static final ArchRule redisson_lives_only_in_the_redis_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.ewallet.ledger.adapter.redis..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.redisson..")
          .as("Redisson types appear only in the Redis adapter");

  @ArchTest
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
  static final ArchRule no_floating_point_fields_near_money =
      noFields()
          .that()
          .areDeclaredInClassesThat()
          .resideInAnyPackage(DOMAIN, APPLICATION)
          .should()
          .haveRawType(floatingPoint())
          .as("No double or float field in the domain or application: money is long minor units");

  @ArchTest
  static final ArchRule no_floating_point_in_signatures_near_money =
      noMethods()
          .that()
          .areDeclaredInClassesThat()
          .resideInAnyPackage(DOMAIN, APPLICATION)
          .should(haveFloatingPointInTheirSignature())
          .as("No double or float parameter or result in the domain or application");

  @ArchTest
  static final ArchRule in_ports_are_single_method_use_cases_or_queries =
      classes()
          .that()
          .resideInAPackage("dev.ewallet.ledger.domain.port.in..")
          .and()
          .areInterfaces()
          .should()
          .haveSimpleNameEndingWith("UseCase")
          .orShould()
          .haveSimpleNameEndingWith("Query")
          .andShould(haveExactlyOneAbstractMethod())
          .as("In-ports are <Verb><Noun>UseCase or <Noun>Query interfaces with one method");

  @ArchTest
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
  static final ArchRule out_ports_are_named_for_their_role =
      noClasses()
          .that()
          .resideInAPackage("dev.ewallet.ledger.domain.port.out..")
          .should()
          .haveNameMatching(".*(Jpa|Jdbc|Sql|Postgres|Kafka|Redis|Redisson|Hibernate).*")
          .as("Out-ports are named for their role, never for a technology");

  @ArchTest
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
  static final ArchRule modules_are_free_of_cycles =
      slices()
          .matching("dev.ewallet.ledger.(*)..")
          .should()
          .beFreeOfCycles()
          .as("The modules form no dependency cycle");

  @ArchTest
  static final ArchRule domain_packages_are_free_of_cycles =
      slices()
          .matching("dev.ewallet.ledger.domain.(*)..")
          .should()
          .beFreeOfCycles()
          .as("The domain's packages form no dependency cycle");

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
                && parameters.getFirst().isRecord();
        events.add(new SimpleConditionEvent(method, ok, method.getFullName()));
      }
    };
  }

  private static DescribedPredicate<JavaClass> resideInOutPorts() {
    return DescribedPredicate.describe(
        "an out-port",
        type -> type.getPackageName().startsWith("dev.ewallet.ledger.domain.port.out"));
  }
}
