/**
 * The wallet ledger's API v1 for TypeScript: a typed fetch client generated from the committed
 * OpenAPI document (openapi-typescript + openapi-fetch), and what a payments client needs
 * besides: a bearer token on every request, a fresh idempotency key per money movement, failures
 * as typed problems with their stable code, and whether resending with the same key is right.
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./generated/ledger-api.js";

export type { components, paths };
export * from "./proofs.js";

/** Every schema of the API by name, e.g. `Schemas["TransferRequest"]`. */
export type Schemas = components["schemas"];

/** An RFC 9457 problem as the service answers it. */
export type Problem = Schemas["Problem"];

/** The stable codes clients switch on (never on `detail`). */
export type ProblemCode = Problem["code"];

export type LedgerClient = Client<paths>;

export interface LedgerClientOptions {
  /** Where the service runs, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** Asked for a token before every request, so an expiring one can be refreshed. */
  token: () => string | Promise<string>;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
}

/** A client of the service; every path and body is typed from the OpenAPI document. */
export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const bearer: Middleware = {
    async onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${await options.token()}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
}

/**
 * A new idempotency key: one per money movement, kept until its outcome is known. Web Crypto's,
 * so the same client runs in Node.js (20 or newer) and in a browser page served over HTTPS or
 * from localhost.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** A call the service refused or could not answer, with its problem when it sent one. */
export class LedgerProblem extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem ? `${problem.code}: ${problem.detail ?? problem.title}` : `HTTP ${status}`);
    this.name = "LedgerProblem";
  }

  /** The problem's stable code, or undefined when the answer carried no problem. */
  get code(): ProblemCode | undefined {
    return this.problem?.code;
  }
}

const RESEND_WITH_SAME_KEY: ReadonlySet<ProblemCode> = new Set<ProblemCode>([
  "OVERLOADED",
  "OUTCOME_UNKNOWN",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
]);

/**
 * Whether to send the same request again with the same key (after the answer's Retry-After):
 * the outcome is unknown or the refusal temporary. Every other code is final for that key.
 */
export function resendWithTheSameKey(code: ProblemCode | undefined): boolean {
  return code !== undefined && RESEND_WITH_SAME_KEY.has(code);
}

/**
 * The data of a call, or a thrown {@link LedgerProblem}. Every number the API sends is an
 * integer (amounts in minor units, ids): one beyond 2^53 - 1 cannot be held exactly by a
 * JavaScript number, so it is refused with a RangeError rather than passed on rounded.
 */
export async function ok<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) {
    throw new LedgerProblem(response.status, asProblem(error));
  }
  requireExactIntegers(data, "");
  return data;
}

function asProblem(error: unknown): Problem | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? (error as Problem)
    : undefined;
}

function requireExactIntegers(value: unknown, path: string): void {
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    throw new RangeError(`${path || "the answer"} is ${value}: beyond what a number holds exactly`);
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      requireExactIntegers(inner, path ? `${path}.${key}` : key);
    }
  }
}

/** How far a webhook delivery's `t` may be from now, in seconds: older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Whether a webhook delivery is the ledger's: `signatureHeader` (the `Ledger-Signature` header,
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>]`) holds the hex HMAC-SHA256 of `"<t>.<body>"` keyed by
 * the endpoint's `secret`, and `t` is within {@link WEBHOOK_TOLERANCE_SECONDS} of `nowSeconds`.
 * `body` is the raw request body exactly as received, before any JSON parsing. During a secret
 * rotation the header carries one `v1` per secret; either verifies. Web Crypto's HMAC, so it runs
 * in Node.js 20 or newer and in browsers alike; the comparison takes the same time wherever the
 * signatures differ.
 */
export async function verifyWebhookSignature(
  signatureHeader: string | null | undefined,
  body: string,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!signatureHeader) {
    return false;
  }
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of signatureHeader.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) {
      return false;
    }
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") {
      t = /^\d+$/.test(value) ? Number(value) : undefined;
      if (t === undefined) {
        return false;
      }
    } else if (name === "v1") {
      signatures.push(value);
    }
  }
  if (t === undefined || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) {
    return false;
  }
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await globalThis.crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${body}`));
  const expected = Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
  return signatures.some((signature) => sameText(signature, expected));
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) {
    return false;
  }
  let difference = 0;
  for (let i = 0; i < a.length; i++) {
    difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  }
  return difference === 0;
}
