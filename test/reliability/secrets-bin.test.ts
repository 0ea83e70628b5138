/**
 * The secret guard as users get it: every kind of secret it knows is refused by `brain add` through the
 * installed bin (dist/cli/brain.cjs, whose CLI bundle holds secretlint itself since it is no longer loaded
 * from node_modules: scripts/build.mjs). Each rule of secretlint's recommended preset is named in the refusal,
 * so a rule missing from the bundle fails here; our own shapes and their evasions (secrets.test.ts) too.
 * The preset's `gcp` rule reads only files named *.json, never a memory's text: its key is refused as a
 * private key (`privatekey`), as it was before the bundle. `filter-comments` is a filter, not a detector.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as fs from "node:fs";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, show } from "../support/cli.ts";
import { EVASIONS, NEW_SHAPES } from "./support/secret-shapes.ts";

/** Fake credentials built at run time (never real, never one literal in the repository). */
const A = "R7dK2mX9qL4vT8wZ1nB5cF3hJ6pS0yE2gA4uWq8eZ5xYbN3mQ7tV1kD6sH9jF2cL5pR8wX0zG4aU7eY3iO6";
const an = (n: number) => A.repeat(4).slice(0, n);
const letters = (n: number) => A.replace(/[0-9]/g, "").repeat(4).slice(0, n);
const hx = (n: number) => "3f9a0c1e7b2d4f68".repeat(20).slice(0, n);
const digits = (n: number) => "4829137560".repeat(5).slice(0, n);
const pem = (label: string) =>
  `-----BEGIN ${label}PRIVATE KEY-----\nMII${an(120)}\n-----END ${label}PRIVATE KEY-----`;

/** A 1Password service account token's base64 JSON, padded to end in `fQ` (a closing brace alone). */
function onePassword(): string {
  for (let pad = 0; ; pad++) {
    const json = JSON.stringify({ email: "svc@example.lcl", secretKey: `A3-${an(30)}`, srpX: hx(64 + pad) });
    const b64 = Buffer.from(json).toString("base64");
    if (/fQ=*$/.test(b64)) return b64;
  }
}

/** [the rule's name in the refusal, a text only that rule is meant to catch]. */
const PRESET_SAMPLES: [string, string][] = [
  ["1password", `OP_SERVICE_ACCOUNT_TOKEN=ops_${onePassword()}`],
  ["anthropic", `sk-${"ant"}-api03-${an(93)}AA`],
  ["aws", `AWS_SECRET_ACCESS_KEY="${an(40)}"`],
  ["basicauth", `https://deploy:${an(12)}@example.com/repo.git`],
  ["database-connection-string", `postgres://admin:${an(14)}@db.internal.example.com:5432/app`],
  ["databricks", `dapi${hx(32)}`],
  ["docker", `dckr_${"pat"}_${an(27)}`],
  ["figma", `figd_${an(40)}`],
  ["github", `gh${"p"}_${an(36)}`],
  ["gitlab", `gl${"pat"}-${an(20)}`],
  ["grafana", `gl${"sa"}_${an(32)}_${hx(8)}`],
  ["groq", `gs${"k"}_${an(52)}`],
  ["hashicorp-vault", `hv${"s"}.${an(95)}`],
  ["huggingface", `h${"f"}_${letters(34)}`],
  ["linear", `lin_${"api"}_${an(40)}`],
  ["notion", `nt${"n"}_${digits(11)}${an(35)}`],
  ["npm", `np${"m"}_${an(36)}`],
  ["openai", `sk-${an(20)}T3BlbkFJ${an(20)}`],
  ["privatekey", pem("RSA ")],
  ["privatekey", JSON.stringify({ type: "service_account", private_key_id: hx(40), private_key: pem("") })],
  ["sendgrid", `S${"G"}.${an(22)}.${an(43)}`],
  ["shopify", `shp${"at"}_${hx(32)}`],
  ["slack", `xox${"b"}-${digits(12)}-${digits(13)}-${an(24)}`],
  ["vercel", `vc${"p"}_${an(40)}`],
];

/** A distinctive middle piece of a secret, which must never be stored. */
const piece = (s: string) => s.slice(Math.floor(s.length / 2) - 6, Math.floor(s.length / 2) + 6);

test("`brain add` through the installed bin refuses every kind of secret the guard knows, naming it", async (t) => {
  const sb = freshSandbox(t, "brain-secrets-bin-");
  await brainOk(sb, ["init"]);
  const cases: [string | undefined, string][] = [
    ...PRESET_SAMPLES,
    ...[...NEW_SHAPES, ...EVASIONS].map(([, s]): [undefined, string] => [undefined, s]),
  ];
  for (const [rule, secret] of cases) {
    const r = await brain(sb, ["add", "type=learning", `text=remember ${secret} for later`]);
    assert.equal(r.code, 2, `${rule ?? secret}: ${show(r)}`);
    assert.match(r.stderr, /looks like it contains a secret \(([^)]*)\)/, show(r));
    if (rule !== undefined) {
      const kinds = (/contains a secret \(([^)]*)\)/.exec(r.stderr)?.[1] ?? "").split(", ");
      assert.ok(kinds.includes(rule), `${rule}: refused for ${kinds.join(", ")} only`);
    }
  }
  // Ordinary text still goes through, and nothing of a refused secret was stored.
  await brainOk(sb, ["add", "type=learning", "text=deploys go through the staging cluster first"]);
  const log = fs.readFileSync(sb.brainPath, "utf8");
  assert.match(log, /deploys go through the staging cluster first/);
  for (const [rule, secret] of cases) assert.ok(!log.includes(piece(secret)), rule ?? secret);
});
