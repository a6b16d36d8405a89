package dev.ewallet.ledger.verifier;

import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code bin/verify-ledger}: checks files saved from the ledger's API or its {@code
 * wallet.checkpoints} topic, with the public keys, and prints {@code valid: …} (exit 0) or {@code
 * invalid: …} with the first point of divergence (exit 1); a usage or reading error exits 2.
 *
 * <pre>
 * verify-ledger checkpoint --keys keys.json --checkpoint checkpoint.json
 * verify-ledger proof      --keys keys.json --proof proof.json
 * verify-ledger statement  --keys keys.json --statement statement.json [--proof proof.json]...
 * verify-ledger run        --keys keys.json --checkpoints checkpoints.json
 * verify-ledger extends    --keys keys.json --checkpoint c.json [--previous p.json] --changes c.ndjson
 * </pre>
 *
 * A checkpoints file is the array {@code GET /v1/checkpoints} answers, or the topic's events one
 * per line.
 */
public final class VerifyLedger {

  static final String USAGE =
      """
      usage: verify-ledger checkpoint --keys keys.json --checkpoint checkpoint.json
             verify-ledger proof      --keys keys.json --proof proof.json
             verify-ledger statement  --keys keys.json --statement statement.json [--proof p.json]...
             verify-ledger run        --keys keys.json --checkpoints checkpoints.json
             verify-ledger extends    --keys keys.json --checkpoint c.json [--previous p.json]
                                      --changes changes.ndjson (GET /v1/checkpoints/{id}/changes)
      keys.json: GET /v1/checkpoints/public-keys; the others as the API (or wallet.checkpoints) gives them
      """;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private VerifyLedger() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** A command line that names no check, or not the files the check needs. */
  static final class UsageException extends RuntimeException {
    UsageException(String message) {
      super(message);
    }
  }

  /**
   * Runs one check; the exit status: 0 valid, 1 invalid (a document that is not what the ledger
   * signs counts as invalid), 2 a usage error or a file that cannot be read as JSON.
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Verdict verdict;
    try {
      verdict = verdict(args);
    } catch (IllegalArgumentException notAsSigned) {
      verdict = Verdict.invalid(notAsSigned.getMessage());
    } catch (UsageException | IOException | JacksonException unusable) {
      err.println("verify-ledger: " + unusable.getMessage());
      err.print(USAGE);
      return 2;
    }
    out.println(verdict);
    return verdict.valid() ? 0 : 1;
  }

  private static Verdict verdict(String[] args) throws IOException {
    if (args.length == 0) {
      throw new UsageException("which check?");
    }
    Map<String, List<Path>> options = options(args);
    LedgerVerifier verifier = new LedgerVerifier(Published.keys(read(one(options, "--keys"))));
    return switch (args[0]) {
      case "checkpoint" ->
          verifier.checkpoint(Published.checkpoint(read(one(options, "--checkpoint"))));
      case "proof" -> verifier.proof(Published.proof(read(one(options, "--proof"))));
      case "statement" -> {
        List<PublishedProof> proofs = new ArrayList<>();
        for (Path proof : options.getOrDefault("--proof", List.of())) {
          proofs.add(Published.proof(read(proof)));
        }
        yield verifier.statement(Published.statement(read(one(options, "--statement"))), proofs);
      }
      case "run" -> verifier.run(checkpoints(one(options, "--checkpoints")));
      case "extends" -> {
        List<Path> previous = options.getOrDefault("--previous", List.of());
        if (previous.size() > 1) {
          throw new UsageException("give --previous once, or not for the first checkpoint");
        }
        try (Stream<String> lines = Files.lines(one(options, "--changes"))) {
          yield verifier.extension(
              previous.isEmpty() ? null : Published.checkpoint(read(previous.getFirst())),
              Published.checkpoint(read(one(options, "--checkpoint"))),
              () ->
                  lines
                      .filter(line -> !line.isBlank())
                      .map(line -> Published.changeLine(JSON.readTree(line)))
                      .iterator());
        }
      }
      default -> throw new UsageException("no check " + args[0]);
    };
  }

  /** An array of checkpoints, or one checkpoint (an event) per line. */
  private static List<SignedCheckpoint> checkpoints(Path file) throws IOException {
    List<SignedCheckpoint> checkpoints = new ArrayList<>();
    String text = Files.readString(file).strip();
    if (text.startsWith("[")) {
      for (JsonNode checkpoint : JSON.readTree(text)) {
        checkpoints.add(Published.checkpoint(checkpoint));
      }
    } else {
      for (String line : text.split("\n")) {
        if (!line.isBlank()) {
          checkpoints.add(Published.checkpoint(JSON.readTree(line)));
        }
      }
    }
    return checkpoints;
  }

  private static Map<String, List<Path>> options(String[] args) {
    Map<String, List<Path>> options = new LinkedHashMap<>();
    for (int i = 1; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new UsageException("expected --option file, got " + args[i]);
      }
      options.computeIfAbsent(args[i], any -> new ArrayList<>()).add(Path.of(args[i + 1]));
    }
    return options;
  }

  private static Path one(Map<String, List<Path>> options, String option) {
    List<Path> given = options.get(option);
    if (given == null || given.size() != 1) {
      throw new UsageException("give " + option + " once");
    }
    return given.getFirst();
  }

  private static JsonNode read(Path file) throws IOException {
    return JSON.readTree(Files.readString(file));
  }
}
