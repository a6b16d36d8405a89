// Checking the ledger's signed checkpoints and proofs (docs/proofs.md) in Node.js 20+ or a
// browser, with Web Crypto's SHA-256 and Ed25519 only: whoever holds a proof and the public keys
// needs nothing from the service to check it.
import type { components } from "./generated/ledger-api.js";

type Schemas = components["schemas"];
export type Checkpoint = Schemas["CheckpointResponse"];
export type CheckpointKey = Schemas["CheckpointKeyResponse"];
export type AccountProof = Schemas["AccountProofResponse"];

/** Valid, or invalid with the first point where the document and what it claims part ways. */
export interface Verdict {
  valid: boolean;
  detail: string;
}

/** A node of a checkpoint's Merkle sum tree: its SHA-256 (hex) and the sum below it. */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** One currency of a checkpoint as its signed content states it; amounts exact, as bigint. */
export interface SignedCurrency {
  currency: string;
  root: string;
  total: bigint;
  systemBalance: bigint;
}

/** A checkpoint as its signed content states it. */
export interface SignedContent {
  id: string;
  createdAt: string;
  position: bigint;
  currencies: SignedCurrency[];
  keyId: string;
}

const SIGNED =
  /^\{"id":"([0-9a-f-]{36})","createdAt":"([0-9TZ:.-]{20,30})","position":(\d{1,19}),"currencies":\[(.*)\],"keyId":"([A-Za-z0-9._-]{1,64})"\}$/;
const CURRENCY =
  /^\{"currency":"([A-Z]{3})","root":"([0-9a-f]{64})","total":(\d{1,19}),"systemBalance":(-?\d{1,19})\}/;

/**
 * Reads a checkpoint's signed content (the bytes of `signedContent`, decoded) strictly: anything
 * but the canonical form the ledger signs is refused (`undefined`), so a checker reads exactly what
 * was signed and never the fields shown beside it.
 */
export function readSignedContent(bytes: Uint8Array<ArrayBuffer>): SignedContent | undefined {
  const text = new TextDecoder().decode(bytes);
  const whole = SIGNED.exec(text);
  if (!whole) {
    return undefined;
  }
  const currencies: SignedCurrency[] = [];
  let rest = whole[4]!;
  while (rest.length > 0) {
    const one = CURRENCY.exec(rest);
    if (!one) {
      return undefined;
    }
    currencies.push({
      currency: one[1]!,
      root: one[2]!,
      total: BigInt(one[3]!),
      systemBalance: BigInt(one[4]!),
    });
    rest = rest.slice(one[0].length);
    if (rest.length > 0) {
      if (!rest.startsWith(",")) {
        return undefined;
      }
      rest = rest.slice(1);
    }
  }
  const content: SignedContent = {
    id: whole[1]!,
    createdAt: whole[2]!,
    position: BigInt(whole[3]!),
    currencies,
    keyId: whole[5]!,
  };
  return canonical(content) === text ? content : undefined;
}

function canonical(content: SignedContent): string {
  const currencies = content.currencies
    .map(
      (c) =>
        `{"currency":"${c.currency}","root":"${c.root}","total":${c.total},"systemBalance":${c.systemBalance}}`,
    )
    .join(",");
  return `{"id":"${content.id}","createdAt":"${content.createdAt}","position":${content.position},"currencies":[${currencies}],"keyId":"${content.keyId}"}`;
}

/**
 * Whether the checkpoint is signed (Ed25519) by the published key it names, while that key was
 * valid, over canonical signed content that the fields shown beside it agree with, and states books
 * that balance in every currency.
 */
export async function verifyCheckpoint(
  checkpoint: Checkpoint,
  keys: CheckpointKey[],
): Promise<Verdict> {
  const read = await signedCheckpoint(checkpoint, keys);
  return "verdict" in read ? read.verdict : valid(`checkpoint ${read.content.id} is signed and balances`);
}

/**
 * Whether the proof's checkpoint is valid and the proof's leaf is under its currency's root: the
 * account's balance, held amount and chain end, as the leaf states them, are counted in the
 * published total.
 */
export async function verifyAccountProof(
  proof: AccountProof,
  keys: CheckpointKey[],
): Promise<Verdict> {
  if (proof.version !== 1) {
    return invalid(`proof format version ${proof.version} is not 1`);
  }
  if (!proof.checkpoint || !proof.leaf || !proof.path) {
    return invalid("the proof lacks its checkpoint, leaf or path");
  }
  const read = await signedCheckpoint(proof.checkpoint, keys);
  if ("verdict" in read) {
    return read.verdict;
  }
  const totals = read.content.currencies.find((c) => c.currency === proof.currency);
  if (!totals) {
    return invalid(`checkpoint ${read.content.id} states no ${proof.currency}`);
  }
  const leaf = proof.leaf;
  let node: SumNode;
  try {
    node = await pathToRoot(proof);
  } catch (unreadable) {
    return invalid(`the proof of account ${leaf.accountId} cannot be read: ${String(unreadable)}`);
  }
  if (node.hash !== totals.root || node.sum !== totals.total) {
    return invalid(
      `the proof of account ${leaf.accountId} leads to root ${node.hash} holding ${node.sum}, but checkpoint ${read.content.id} states ${totals.root} holding ${totals.total} in ${proof.currency}`,
    );
  }
  return valid(
    `account ${leaf.accountId} with balance ${leaf.balance} is counted in the ${totals.total} ${proof.currency} checkpoint ${read.content.id} states`,
  );
}

/** The leaf, joined with each sibling of the path in turn. */
async function pathToRoot(proof: AccountProof): Promise<SumNode> {
  const leaf = proof.leaf!;
  let node = await leafNode(
    whole(leaf.accountId),
    whole(leaf.balance),
    whole(leaf.heldAmount),
    leaf.chainHead ?? "",
    whole(leaf.lastEntryId),
  );
  for (const step of proof.path!) {
    const sibling = { hash: step.hash ?? "", sum: whole(step.sum) };
    node = step.side === "LEFT" ? await parentNode(sibling, node) : await parentNode(node, sibling);
  }
  return node;
}

/** A leaf (version 1): SHA-256 of 0x00, id, balance, held, chain end (32 bytes), newest entry id. */
export async function leafNode(
  accountId: bigint,
  balance: bigint,
  held: bigint,
  chainHead: string,
  lastEntryId: bigint,
): Promise<SumNode> {
  const bytes = new Uint8Array(65);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x00;
  view.setBigInt64(1, accountId);
  view.setBigInt64(9, balance);
  view.setBigInt64(17, held);
  bytes.set(fromHex(chainHead), 25);
  view.setBigInt64(57, lastEntryId);
  return { hash: await sha256(bytes), sum: balance };
}

/** The node above two (version 1): SHA-256 of 0x01, left hash, left sum, right hash, right sum. */
export async function parentNode(left: SumNode, right: SumNode): Promise<SumNode> {
  const sum = left.sum + right.sum;
  if (left.sum < 0n || right.sum < 0n || sum > 0x7fffffffffffffffn) {
    throw new RangeError("a sum node's sums are 0 to 2^63 - 1");
  }
  const bytes = new Uint8Array(81);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x01;
  bytes.set(fromHex(left.hash), 1);
  view.setBigInt64(33, left.sum);
  bytes.set(fromHex(right.hash), 41);
  view.setBigInt64(73, right.sum);
  return { hash: await sha256(bytes), sum };
}

async function signedCheckpoint(
  checkpoint: Checkpoint,
  keys: CheckpointKey[],
): Promise<{ content: SignedContent } | { verdict: Verdict }> {
  try {
    return await readAndVerify(checkpoint, keys);
  } catch (unreadable) {
    return { verdict: invalid(`the checkpoint cannot be read: ${String(unreadable)}`) };
  }
}

async function readAndVerify(
  checkpoint: Checkpoint,
  keys: CheckpointKey[],
): Promise<{ content: SignedContent } | { verdict: Verdict }> {
  const bytes = fromBase64(checkpoint.signedContent ?? "");
  const content = readSignedContent(bytes);
  if (!content) {
    return { verdict: invalid("the signed content is not a checkpoint's canonical form") };
  }
  const shown: [string, unknown, unknown][] = [
    ["id", checkpoint.id, content.id],
    ["position", whole(checkpoint.position), content.position],
    ["keyId", checkpoint.keyId, content.keyId],
    ["currencies", checkpoint.currencies?.length, content.currencies.length],
  ];
  for (const [field, beside, signed] of shown) {
    if (beside !== signed) {
      return { verdict: invalid(`${field} shows ${beside}, but the signed content ${signed}`) };
    }
  }
  const key = keys.find((k) => k.keyId === content.keyId);
  if (!key) {
    return { verdict: invalid(`checkpoint ${content.id} names key ${content.keyId}, not published`) };
  }
  const at = Date.parse(content.createdAt);
  if (at < Date.parse(key.validFrom ?? "") || (key.validTo && at >= Date.parse(key.validTo))) {
    return {
      verdict: invalid(
        `checkpoint ${content.id} was made at ${content.createdAt}, outside key ${key.keyId}'s validity`,
      ),
    };
  }
  const publicKey = await globalThis.crypto.subtle.importKey(
    "spki",
    fromBase64(key.publicKey ?? ""),
    { name: "Ed25519" },
    false,
    ["verify"],
  );
  const signed = await globalThis.crypto.subtle.verify(
    { name: "Ed25519" },
    publicKey,
    fromBase64(checkpoint.signature ?? ""),
    bytes,
  );
  if (!signed) {
    return {
      verdict: invalid(
        `checkpoint ${content.id}: the signature is not key ${key.keyId}'s over the signed content`,
      ),
    };
  }
  const unbalanced = content.currencies.find((c) => c.total + c.systemBalance !== 0n);
  if (unbalanced) {
    return {
      verdict: invalid(`checkpoint ${content.id}: ${unbalanced.currency} does not balance`),
    };
  }
  return { content };
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new RangeError("a hash is 64 lower-case hex digits");
  }
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** A whole number the API sent; a missing one reads as an error, caught as an invalid verdict. */
function whole(value: number | undefined): bigint {
  if (value === undefined || !Number.isSafeInteger(value)) {
    throw new RangeError(`${value} is no exact whole number`);
  }
  return BigInt(value);
}

function valid(detail: string): Verdict {
  return { valid: true, detail };
}

function invalid(detail: string): Verdict {
  return { valid: false, detail };
}
