package dev.ewallet.ledger.adapter.rest.controller;

import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.AccountProofResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CheckpointKeyResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CheckpointResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.CurrencyTotalsResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ProofLeafResponse;
import dev.ewallet.ledger.adapter.rest.dto.ApiDtos.ProofStepResponse;
import dev.ewallet.ledger.domain.account.AccountId;
import dev.ewallet.ledger.domain.checkpoint.AccountLeaf;
import dev.ewallet.ledger.domain.checkpoint.AccountProof;
import dev.ewallet.ledger.domain.checkpoint.ChangeSink;
import dev.ewallet.ledger.domain.checkpoint.Checkpoint;
import dev.ewallet.ledger.domain.checkpoint.LeafChange;
import dev.ewallet.ledger.domain.checkpoint.SignedCheckpoint;
import dev.ewallet.ledger.domain.error.InvalidRequestException;
import dev.ewallet.ledger.domain.journal.LedgerEntry;
import dev.ewallet.ledger.domain.port.in.AccountProofQuery;
import dev.ewallet.ledger.domain.port.in.Caller;
import dev.ewallet.ledger.domain.port.in.CheckpointChangesQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointKeysQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointQuery;
import dev.ewallet.ledger.domain.port.in.CheckpointsQuery;
import dev.ewallet.ledger.domain.port.in.LatestCheckpointQuery;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointCommand;
import dev.ewallet.ledger.domain.port.in.MakeCheckpointUseCase;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import tools.jackson.databind.json.JsonMapper;

/** Signed checkpoints of the books and proofs that an account is counted in them. */
@Tag(name = "Checkpoints and proofs")
@RestController
class CheckpointController {

  private static final int DEFAULT_LIMIT = 50;

  /** The proof format's version (docs/proofs.md). */
  static final int PROOF_VERSION = 1;

  /** Newline-delimited JSON: one object per line. */
  static final String NDJSON = "application/x-ndjson";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final MakeCheckpointUseCase make;
  private final LatestCheckpointQuery latest;
  private final CheckpointQuery byId;
  private final CheckpointChangesQuery changes;
  private final CheckpointsQuery checkpoints;
  private final CheckpointKeysQuery keys;
  private final AccountProofQuery proofs;

  CheckpointController(
      MakeCheckpointUseCase make,
      LatestCheckpointQuery latest,
      CheckpointQuery byId,
      CheckpointChangesQuery changes,
      CheckpointsQuery checkpoints,
      CheckpointKeysQuery keys,
      AccountProofQuery proofs) {
    this.make = make;
    this.latest = latest;
    this.byId = byId;
    this.changes = changes;
    this.checkpoints = checkpoints;
    this.keys = keys;
    this.proofs = proofs;
  }

  @Operation(
      operationId = "makeCheckpoint",
      summary =
          "Checks the books and signs a checkpoint of them now (operators): 201 with it; 409"
              + " CHECKPOINT_REFUSED, naming the broken accounts and the last checkpoint that"
              + " holds, when an account's entries, hash chain or signed state do not hold.")
  @PostMapping("/v1/checkpoints")
  @ResponseStatus(HttpStatus.CREATED)
  CheckpointResponse make(Caller caller) {
    return response(make.makeCheckpoint(new MakeCheckpointCommand(caller)));
  }

  @Operation(
      operationId = "latestCheckpoint",
      summary = "The newest signed checkpoint; 404 CHECKPOINT_NOT_FOUND before the first.")
  @GetMapping("/v1/checkpoints/latest")
  CheckpointResponse latest(Caller caller) {
    return response(latest.latestCheckpoint(caller));
  }

  @Operation(
      operationId = "getCheckpoint",
      summary = "One signed checkpoint; 404 CHECKPOINT_NOT_FOUND for no such id.")
  @GetMapping("/v1/checkpoints/{id}")
  CheckpointResponse checkpoint(Caller caller, @PathVariable String id) {
    return response(byId.checkpoint(caller, checkpointId(id)));
  }

  @Operation(
      operationId = "checkpointChanges",
      summary =
          "What moved between the checkpoint and the one before (operators), as newline-delimited"
              + " JSON, streamed: a line {type: checkpoint, id, previous}, then for each account"
              + " whose leaf changed, in id order, a line {type: account, accountId, currency,"
              + " before, after} (the leaves, before null for an account new to the checkpoint)"
              + " followed by a line {type: entry, ...} per entry between them, in the chain's"
              + " order. bin/verify-ledger extends checks the totals changed only by them"
              + " (docs/proofs.md).")
  @GetMapping(value = "/v1/checkpoints/{id}/changes", produces = NDJSON)
  ResponseEntity<StreamingResponseBody> changes(Caller caller, @PathVariable String id) {
    caller.requireOperator();
    UUID checkpoint = checkpointId(id);
    byId.checkpoint(caller, checkpoint);
    StreamingResponseBody body =
        out -> {
          Writer writer =
              new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
          changes.checkpointChanges(caller, checkpoint, new NdjsonChanges(writer));
          writer.flush();
        };
    return ResponseEntity.ok().contentType(MediaType.parseMediaType(NDJSON)).body(body);
  }

  /** Writes each change as a line of JSON. */
  private record NdjsonChanges(Writer writer) implements ChangeSink {

    @Override
    public void start(SignedCheckpoint checkpoint, SignedCheckpoint previous) {
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("type", "checkpoint");
      line.put("id", checkpoint.checkpoint().id().toString());
      line.put("previous", previous == null ? null : previous.checkpoint().id().toString());
      write(line);
    }

    @Override
    public void account(LeafChange change) {
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("type", "account");
      line.put("accountId", change.after().account().value());
      line.put("currency", change.currency().value());
      line.put("before", change.before() == null ? null : leaf(change.before()));
      line.put("after", leaf(change.after()));
      write(line);
    }

    @Override
    public void entry(LedgerEntry entry) {
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("type", "entry");
      line.put("entryId", entry.entryId());
      line.put("accountId", entry.accountId().value());
      line.put("transactionId", entry.transactionId().toString());
      line.put("amount", entry.amount().amountMinor());
      line.put("balanceAfter", entry.balanceAfter().amountMinor());
      line.put("createdAt", entry.createdAt().toString());
      line.put("hash", entry.hash().hex());
      if (entry.detailsDigest() != null) {
        line.put("detailsDigest", entry.detailsDigest().hex());
      }
      write(line);
    }

    private static Map<String, Object> leaf(AccountLeaf leaf) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("balance", leaf.balanceMinor());
      json.put("heldAmount", leaf.heldMinor());
      json.put("chainHead", leaf.chainHead().hex());
      json.put("lastEntryId", leaf.lastEntryId());
      return json;
    }

    private void write(Map<String, Object> line) {
      try {
        writer.write(JSON.writeValueAsString(line));
        writer.write('\n');
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Operation(
      operationId = "listCheckpoints",
      summary =
          "Signed checkpoints made in [from, to) (ISO-8601 times; from the first, to now when"
              + " absent), oldest first, at most limit (1 to 100, 50 by default).")
  @GetMapping("/v1/checkpoints")
  List<CheckpointResponse> list(
      Caller caller,
      @RequestParam(required = false) Instant from,
      @RequestParam(required = false) Instant to,
      @RequestParam(required = false) Integer limit) {
    return checkpoints.checkpoints(caller, from, to, limit == null ? DEFAULT_LIMIT : limit).stream()
        .map(CheckpointController::response)
        .toList();
  }

  @Operation(
      operationId = "checkpointPublicKeys",
      summary =
          "The Ed25519 public keys checkpoints verify with, the signing one's and the retired"
              + " ones', each with when it signed.")
  @GetMapping("/v1/checkpoints/public-keys")
  List<CheckpointKeyResponse> publicKeys(Caller caller) {
    return keys.checkpointKeys(caller).stream()
        .map(key ->
            new CheckpointKeyResponse(
                key.keyId(),
                SignedCheckpoint.ALGORITHM,
                Base64.getEncoder().encodeToString(key.publicKey().getEncoded()),
                key.validFrom(),
                key.validTo()))
        .toList();
  }

  @Operation(
      operationId = "accountProof",
      summary =
          "That the account is counted in a checkpoint (the newest when checkpoint is absent):"
              + " its leaf and the siblings up to its currency's root, with the checkpoint (owner"
              + " or operator). 404 ACCOUNT_NOT_FOUND for an account the checkpoint does not"
              + " count (a system account, or one opened after it).")
  @GetMapping("/v1/accounts/{id}/proof")
  AccountProofResponse proof(
      Caller caller, @PathVariable long id, @RequestParam(required = false) String checkpoint) {
    AccountProof proof = proofs.accountProof(caller, AccountId.of(id), checkpointId(checkpoint));
    AccountLeaf leaf = proof.proof().leaf();
    return new AccountProofResponse(
        PROOF_VERSION,
        proof.currency().value(),
        new ProofLeafResponse(
            leaf.account().value(),
            leaf.balanceMinor(),
            leaf.heldMinor(),
            leaf.chainHead().hex(),
            leaf.lastEntryId()),
        proof.proof().path().stream()
            .map(step ->
                new ProofStepResponse(
                    step.side().name(), step.sibling().hash().hex(), step.sibling().sumMinor()))
            .toList(),
        response(proof.checkpoint()));
  }

  private static UUID checkpointId(String checkpoint) {
    if (checkpoint == null) {
      return null;
    }
    try {
      return UUID.fromString(checkpoint);
    } catch (IllegalArgumentException notAnId) {
      throw new InvalidRequestException("checkpoint must be a checkpoint's id");
    }
  }

  static CheckpointResponse response(SignedCheckpoint signed) {
    Checkpoint checkpoint = signed.checkpoint();
    return new CheckpointResponse(
        checkpoint.id().toString(),
        checkpoint.createdAt(),
        checkpoint.position(),
        checkpoint.currencies().stream()
            .map(totals ->
                new CurrencyTotalsResponse(
                    totals.currency().value(),
                    totals.root().hash().hex(),
                    totals.totalMinor(),
                    totals.systemBalanceMinor()))
            .toList(),
        checkpoint.keyId(),
        Base64.getEncoder().encodeToString(checkpoint.signedContent()),
        signed.signature());
  }
}
