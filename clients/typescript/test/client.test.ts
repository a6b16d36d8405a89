import { strict as assert } from "node:assert";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import {
  createLedgerClient,
  LedgerProblem,
  newIdempotencyKey,
  ok,
  resendWithTheSameKey,
  verifyWebhookSignature,
} from "../src/index.js";

// A stub answering as the service would: a problem for every transfer, an account too large for
// a JavaScript number for account 9.
const seen: IncomingHttpHeaders[] = [];
let server: Server;
let baseUrl: string;

before(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers);
    if (request.url === "/v1/accounts/9") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"id":9,"balance":9007199254740993,"currency":"VND"}');
      return;
    }
    response.writeHead(422, { "Content-Type": "application/problem+json" });
    response.end(
      JSON.stringify({
        title: "Insufficient funds",
        status: 422,
        code: "INSUFFICIENT_FUNDS",
        detail: "account 1 holds 5",
        traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      }),
    );
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

test("a refused transfer is a typed problem, sent with the token of the moment and its key", async () => {
  let token = "first";
  const ledger = createLedgerClient({ baseUrl, token: () => token });
  const key = newIdempotencyKey();
  const transfer = () =>
    ok(
      ledger.POST("/v1/transfers", {
        params: { header: { "Idempotency-Key": key } },
        body: { fromAccountId: 1, toAccountId: 2, amount: 10 },
      }),
    );

  await assert.rejects(transfer(), (failure: unknown) => {
    assert.ok(failure instanceof LedgerProblem);
    assert.equal(failure.status, 422);
    assert.equal(failure.code, "INSUFFICIENT_FUNDS");
    assert.equal(failure.problem?.traceId, "4bf92f3577b34da6a3ce929d0e0e4736");
    assert.equal(resendWithTheSameKey(failure.code), false);
    return true;
  });
  token = "refreshed";
  await assert.rejects(transfer(), LedgerProblem);

  const transfers = seen.slice(-2);
  assert.deepEqual(
    transfers.map((headers) => headers.authorization),
    ["Bearer first", "Bearer refreshed"],
  );
  assert.deepEqual(
    transfers.map((headers) => headers["idempotency-key"]),
    [key, key],
  );
});

test("an integer a JavaScript number cannot hold exactly is refused, not rounded", async () => {
  const ledger = createLedgerClient({ baseUrl, token: () => "t" });

  await assert.rejects(
    ok(ledger.GET("/v1/accounts/{id}", { params: { path: { id: 9 } } })),
    (failure: unknown) => failure instanceof RangeError && /balance/.test(failure.message),
  );
});

test("only unknown or temporary outcomes are resent with the same key", () => {
  assert.equal(resendWithTheSameKey("OUTCOME_UNKNOWN"), true);
  assert.equal(resendWithTheSameKey("OVERLOADED"), true);
  assert.equal(resendWithTheSameKey("RATE_LIMITED"), true);
  assert.equal(resendWithTheSameKey("IDEMPOTENCY_KEY_REUSED"), false);
  assert.equal(resendWithTheSameKey(undefined), false);
  assert.notEqual(newIdempotencyKey(), newIdempotencyKey());
});

test("a webhook verifies with its secret, its exact body and a recent timestamp only", async () => {
  // The ledger's own signature (WebhookSignatureTest), made at 2026-12-07T10:00:00Z.
  const header =
    "t=1796637600,v1=c5977113bee481ff3023b1b6a5b98625985d110b2f72fb12049b105344bb1086";
  const body = '{"id":"e1","type":"transaction.posted"}';
  const then = 1796637600;

  assert.equal(await verifyWebhookSignature(header, body, "whsec_test", then + 60), true);
  assert.equal(await verifyWebhookSignature(header, body, "whsec_other", then), false);
  assert.equal(await verifyWebhookSignature(header, body + " ", "whsec_test", then), false);
  assert.equal(await verifyWebhookSignature(header, body, "whsec_test", then + 301), false);
  assert.equal(
    await verifyWebhookSignature(`${header},v1=${"0".repeat(64)}`, body, "whsec_test", then),
    true,
  );
  assert.equal(await verifyWebhookSignature("t=x,v1=00", body, "whsec_test", then), false);
  assert.equal(await verifyWebhookSignature(undefined, body, "whsec_test", then), false);
});
