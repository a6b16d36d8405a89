import { strict as assert } from "node:assert";
import { test } from "node:test";
import {
  type AccountProof,
  type Checkpoint,
  type CheckpointKey,
  leafNode,
  parentNode,
  verifyAccountProof,
  verifyCheckpoint,
} from "../src/index.js";

const GENESIS = "0".repeat(64);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

// The Java domain's test vector (docs/proofs.md): account 1, balance 100, held 10, no entries, newest entry 3.
test("a leaf hashes its version-one bytes as the ledger does", async () => {
  const leaf = await leafNode(1n, 100n, 10n, GENESIS, 3n);
  assert.equal(leaf.hash, "d7c838cd0b840f6391d0d0dac3317d4d9d61081c6136bc22e07651e667daab88");
  assert.equal(leaf.sum, 100n);
});

/** Two wallets (100 and 250) under one root, signed with a fresh key; the proof of the first. */
async function fixture(signedAt = "2026-12-07T10:00:00.123456Z") {
  const keys = (await globalThis.crypto.subtle.generateKey({ name: "Ed25519" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const first = await leafNode(1n, 100n, 0n, GENESIS, 3n);
  const second = await leafNode(2n, 250n, 50n, GENESIS, 4n);
  const root = await parentNode(first, second);
  const content = `{"id":"0b4f6a44-5c1e-4f7e-9a55-3f2d2c1b0a99","createdAt":"${signedAt}","position":4,"currencies":[{"currency":"VND","root":"${root.hash}","total":350,"systemBalance":-350}],"keyId":"k1"}`;
  const bytes = new TextEncoder().encode(content);
  const signature = new Uint8Array(
    await globalThis.crypto.subtle.sign({ name: "Ed25519" }, keys.privateKey, bytes),
  );
  const checkpoint: Checkpoint = {
    id: "0b4f6a44-5c1e-4f7e-9a55-3f2d2c1b0a99",
    createdAt: signedAt,
    position: 4,
    currencies: [{ currency: "VND", root: root.hash, total: 350, systemBalance: -350 }],
    keyId: "k1",
    signedContent: toBase64(bytes),
    signature: toBase64(signature),
  };
  const key: CheckpointKey = {
    keyId: "k1",
    algorithm: "Ed25519",
    publicKey: toBase64(new Uint8Array(await globalThis.crypto.subtle.exportKey("spki", keys.publicKey))),
    validFrom: "2026-12-01T00:00:00Z",
  };
  const proof: AccountProof = {
    version: 1,
    currency: "VND",
    leaf: { accountId: 1, balance: 100, heldAmount: 0, chainHead: GENESIS, lastEntryId: 3 },
    path: [{ side: "RIGHT", hash: second.hash, sum: 250 }],
    checkpoint,
  };
  return { checkpoint, key, proof, content };
}

test("a signed checkpoint and a proof under it verify with the published key", async () => {
  const { checkpoint, key, proof } = await fixture();
  assert.equal((await verifyCheckpoint(checkpoint, [key])).valid, true);
  const verdict = await verifyAccountProof(proof, [key]);
  assert.equal(verdict.valid, true, verdict.detail);
  assert.match(verdict.detail, /account 1 with balance 100 is counted in the 350 VND/);
});

test("a forged total, another key, a retired key or an inflated proof is refused", async () => {
  const { checkpoint, key, proof, content } = await fixture();
  const forged = {
    ...checkpoint,
    signedContent: toBase64(new TextEncoder().encode(content.replace('"total":350', '"total":351'))),
  };
  assert.match((await verifyCheckpoint(forged, [key])).detail, /signature is not key k1's/);

  const other = await fixture();
  assert.equal((await verifyCheckpoint(checkpoint, [other.key])).valid, false);
  const retired = { ...key, validTo: "2026-12-02T00:00:00Z" };
  assert.match((await verifyCheckpoint(checkpoint, [retired])).detail, /outside key k1's validity/);
  const reordered = {
    ...checkpoint,
    signedContent: toBase64(new TextEncoder().encode(content.replace('{"id"', '{ "id"'))),
  };
  assert.match((await verifyCheckpoint(reordered, [key])).detail, /canonical/);

  const richer = { ...proof, leaf: { ...proof.leaf, balance: 1_100 } };
  assert.match((await verifyAccountProof(richer, [key])).detail, /leads to root/);
  const shownOtherwise = { ...proof, checkpoint: { ...checkpoint, position: 5 } };
  assert.match((await verifyAccountProof(shownOtherwise, [key])).detail, /position shows 5/);
});
