import { strict as assert } from "node:assert";
import { test } from "node:test";
import {
  createLedgerClient,
  LedgerProblem,
  newIdempotencyKey,
  ok,
  verifyAccountProof,
  verifyCheckpoint,
} from "../src/index.js";
import { devToken } from "./tokens.js";

// Against a running service in local mode (ops/fresh-machine/check.sh starts one): LEDGER_URL names it.
const baseUrl = process.env.LEDGER_URL;
if (!baseUrl) {
  throw new Error("LEDGER_URL must name a running service, e.g. http://127.0.0.1:8080");
}

/** A user never seen before, its client, and an operator's. */
function freshUser() {
  const user = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  return {
    user,
    owner: createLedgerClient({ baseUrl: baseUrl!, token: () => devToken(user) }),
    operator: createLedgerClient({ baseUrl: baseUrl!, token: () => devToken(1, true) }),
  };
}

test("a deposit and a transfer post once, and a refusal is a typed problem", async () => {
  const { owner, operator } = freshUser();
  const from = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  const to = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  assert.ok(from.id !== undefined && to.id !== undefined);

  await ok(
    operator.POST("/v1/deposits", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId: from.id, amount: 100_000 },
    }),
  );
  const key = newIdempotencyKey();
  const transfer = (amount: number, idempotencyKey: string) =>
    ok(
      owner.POST("/v1/transfers", {
        params: { header: { "Idempotency-Key": idempotencyKey } },
        body: { fromAccountId: from.id!, toAccountId: to.id!, amount },
      }),
    );
  const posted = await transfer(25_000, key);
  const replayed = await transfer(25_000, key);

  assert.equal(replayed.transactionId, posted.transactionId);
  const balance = async (id: number) =>
    (await ok(owner.GET("/v1/accounts/{id}", { params: { path: { id } } }))).balance;
  assert.equal(await balance(from.id), 75_000);
  assert.equal(await balance(to.id), 25_000);

  await assert.rejects(transfer(1_000_000, newIdempotencyKey()), (failure: unknown) => {
    assert.ok(failure instanceof LedgerProblem);
    assert.equal(failure.code, "INSUFFICIENT_FUNDS");
    assert.match(failure.problem?.traceId ?? "", /^[0-9a-f]{32}$/);
    return true;
  });
  assert.equal(await balance(from.id), 75_000);
});

test("a pending deposit shows as pendingIn and settles once", async () => {
  const { owner, operator } = freshUser();
  const wallet = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  assert.match(wallet.depositReference ?? "", new RegExp(`^RF\\d{2}W${wallet.id}$`));

  const announced = await ok(
    operator.POST("/v1/deposits", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId: wallet.id!, amount: 40_000, status: "PENDING" },
    }),
  );
  assert.ok("id" in announced && announced.status === "PENDING");
  const account = async () =>
    ok(owner.GET("/v1/accounts/{id}", { params: { path: { id: wallet.id! } } }));
  assert.equal((await account()).pendingIn, 40_000);
  assert.equal((await account()).balance, 0);

  const key = newIdempotencyKey();
  const settle = () =>
    ok(
      operator.POST("/v1/deposits/{id}/settle", {
        params: { path: { id: announced.id! }, header: { "Idempotency-Key": key } },
      }),
    );
  const settled = await settle();
  const again = await settle();

  assert.equal(settled.status, "SETTLED");
  assert.equal(again.transactionId, settled.transactionId);
  assert.equal((await account()).balance, 40_000);
  assert.equal((await account()).pendingIn, 0);
});

test("a wallet's proof verifies against a checkpoint the service signs, with its published key", async () => {
  const { owner, operator } = freshUser();
  const wallet = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  await ok(
    operator.POST("/v1/deposits", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId: wallet.id!, amount: 12_345 },
    }),
  );
  const checkpoint = await ok(operator.POST("/v1/checkpoints"));
  const keys = await ok(owner.GET("/v1/checkpoints/public-keys"));
  assert.equal((await verifyCheckpoint(checkpoint, keys)).valid, true);

  const proof = await ok(
    owner.GET("/v1/accounts/{id}/proof", { params: { path: { id: wallet.id! } } }),
  );
  const verdict = await verifyAccountProof(proof, keys);
  assert.equal(verdict.valid, true, verdict.detail);
  assert.equal(proof.leaf?.balance, 12_345);
  assert.equal(proof.checkpoint?.id, checkpoint.id);
});

test("a client that lost its answers asks what became of its keys, and a closed wallet refuses", async () => {
  const { owner, operator } = freshUser();
  const from = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  const to = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  await ok(
    operator.POST("/v1/deposits", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId: from.id!, amount: 5_000 },
    }),
  );
  const transfer = (amount: number, key: string, toAccountId = to.id!) =>
    ok(
      owner.POST("/v1/transfers", {
        params: { header: { "Idempotency-Key": key } },
        body: { fromAccountId: from.id!, toAccountId, amount },
      }),
    );
  const status = (key: string) =>
    ok(owner.GET("/v1/idempotency-keys/{key}", { params: { path: { key } } }));

  const refusedKey = newIdempotencyKey();
  await assert.rejects(transfer(9_000, refusedKey), LedgerProblem);
  const refused = await status(refusedKey);
  assert.equal(refused.status, "REFUSED");
  assert.equal((refused.problem as { code?: string } | undefined)?.code, "INSUFFICIENT_FUNDS");
  const postedKey = newIdempotencyKey();
  const posted = await transfer(1_000, postedKey);
  assert.equal((await status(postedKey)).transactionId, posted.transactionId);
  await assert.rejects(status(newIdempotencyKey()), (failure: unknown) => {
    assert.ok(failure instanceof LedgerProblem);
    assert.equal(failure.code, "IDEMPOTENCY_KEY_NOT_FOUND");
    return true;
  });

  const spare = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  const closed = await ok(
    owner.POST("/v1/accounts/{id}/close", { params: { path: { id: spare.id! } } }),
  );
  assert.equal(closed.status, "CLOSED");
  await assert.rejects(transfer(10, newIdempotencyKey(), spare.id!), (failure: unknown) => {
    assert.ok(failure instanceof LedgerProblem);
    assert.equal(failure.code, "ACCOUNT_CLOSED");
    return true;
  });
});

test("an operator erases a user's descriptions and the wallet's chain still verifies", async () => {
  const { user, owner, operator } = freshUser();
  const wallet = await ok(owner.POST("/v1/accounts", { body: { currency: "VND" } }));
  await ok(
    operator.POST("/v1/deposits", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: {
        accountId: wallet.id!,
        amount: 4_000,
        reference: `salary-${user}`,
        description: "salary for Jane Roe",
        metadata: { employer: "Acme for Jane Roe" },
      },
    }),
  );
  const newestEntry = async () => {
    const page = await ok(
      owner.GET("/v1/accounts/{id}/entries", { params: { path: { id: wallet.id! } } }),
    );
    assert.equal(page.items?.length, 1);
    return page.items![0]!;
  };
  const before = await newestEntry();
  assert.match(before.detailsDigest ?? "", /^[0-9a-f]{64}$/);

  const erased = await ok(
    operator.POST("/v1/users/{id}/erasure", { params: { path: { id: user } } }),
  );
  assert.equal(erased.transactions, 1);
  const after = await newestEntry();
  assert.equal(after.description, "[erased]");
  assert.deepEqual(after.metadata, { employer: "[erased]" });
  assert.equal(after.reference, `salary-${user}`);
  assert.equal(after.detailsErased, true);
  assert.equal(after.detailsDigest, before.detailsDigest);
  assert.equal(after.hash, before.hash);
  const verification = await ok(
    operator.GET("/v1/accounts/{id}/verification", { params: { path: { id: wallet.id! } } }),
  );
  assert.equal(verification.verified, true);
});
