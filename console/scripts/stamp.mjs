// The committed bundle's stamp: a digest of everything the bundle is built from. `write` records
// it in dist/build-stamp.txt after a build; `check` fails when the sources have changed since.
// ConsoleBundleTest (bootstrap/src/test/java) computes the same digest without Node, so a build
// without Node still fails on a stale bundle. The digest: SHA-256 over, for each input file (the
// files console/build-inputs.txt names) in byte order of its path from the repository root, the
// path, a newline, the file's own SHA-256 in hex, a newline.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const consoleDir = resolve(fileURLToPath(import.meta.url), "../..");
const root = resolve(consoleDir, "..");
// What the bundle is built from, one path (a file or a folder) from the repository root per line.
const INPUTS = readFileSync(join(consoleDir, "build-inputs.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "");

function files(path) {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => files(`${path}/${name}`));
}

export function stamp() {
  const digest = createHash("sha256");
  const paths = INPUTS.flatMap(files).sort((a, b) =>
    Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  for (const path of paths) {
    const own = createHash("sha256")
      .update(readFileSync(join(root, path)))
      .digest("hex");
    digest.update(`${path}\n${own}\n`);
  }
  return digest.digest("hex");
}

const file = join(consoleDir, "dist", "build-stamp.txt");
const mode = process.argv[2];
if (mode === "write") {
  writeFileSync(file, `${stamp()}\n`);
} else if (mode === "check") {
  const recorded = readFileSync(file, "utf8").trim();
  if (recorded !== stamp()) {
    console.error(
      `${relative(process.cwd(), file)} is stale: run (cd console && npm ci && npm run build)`,
    );
    process.exit(1);
  }
} else {
  console.error("usage: node scripts/stamp.mjs write|check");
  process.exit(2);
}
