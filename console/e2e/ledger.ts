import {
  createLedgerClient,
  newIdempotencyKey,
  ok,
  type LedgerClient,
} from "@ewallet/ledger-client";
import { developmentToken } from "../src/session";

/** The development secret bin/run starts the service with (bin/dev-secret.sh). */
export const SECRET =
  process.env.LEDGER_SECURITY_JWT_SECRET ?? "local-development-secret-change-me-0123456789";
export const BASE_URL = process.env.LEDGER_URL ?? "http://localhost:8080";

/** A client of the service as one caller, with a token minted as bin/dev-token mints it. */
export async function clientAs(userId: number, operator = false): Promise<LedgerClient> {
  const token = await developmentToken(SECRET, userId, operator);
  return createLedgerClient({ baseUrl: BASE_URL, token: () => token });
}

/** A user id no earlier run used: every run starts from wallets of its own. */
export function freshUserId(): number {
  return 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
}

export async function openWallet(client: LedgerClient): Promise<number> {
  const opened = await ok(client.POST("/v1/accounts", { body: { currency: "VND" } }));
  return opened.id!;
}

export async function deposit(
  operator: LedgerClient,
  accountId: number,
  amount: number,
  reference?: string,
) {
  await ok(
    operator.POST("/v1/deposits", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId, amount, reference },
    }),
  );
}

export async function transfer(
  payer: LedgerClient,
  from: number,
  to: number,
  amount: number,
  key: string = newIdempotencyKey(),
): Promise<string> {
  const posted = await ok(
    payer.POST("/v1/transfers", {
      params: { header: { "Idempotency-Key": key } },
      body: { fromAccountId: from, toAccountId: to, amount },
    }),
  );
  return posted.transactionId!;
}

export async function balanceOf(client: LedgerClient, accountId: number): Promise<number> {
  return (await ok(client.GET("/v1/accounts/{id}", { params: { path: { id: accountId } } })))
    .balance!;
}

export async function withdraw(
  owner: LedgerClient,
  accountId: number,
  amount: number,
): Promise<string> {
  const accepted = await ok(
    owner.POST("/v1/withdrawals", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId, amount },
    }),
  );
  return accepted.withdrawalId!;
}

export async function hold(
  owner: LedgerClient,
  accountId: number,
  destinationAccountId: number,
  amount: number,
  expiresAt: Date,
): Promise<string> {
  const placed = await ok(
    owner.POST("/v1/holds", {
      params: { header: { "Idempotency-Key": newIdempotencyKey() } },
      body: { accountId, destinationAccountId, amount, expiresAt: expiresAt.toISOString() },
    }),
  );
  return placed.holdId!;
}
