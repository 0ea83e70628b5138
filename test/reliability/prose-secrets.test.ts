/**
 * Credentials said in prose (issue 23) are caught by the secret guard: a seeded generator over credential
 * shapes × sentence forms (English, Russian, Chinese) — every secret is found and redacted, and the write
 * path refuses a memory holding one. The false-positive rate is measured on the ordinary coding turns of the
 * labelled sessions (test/learn/labelled/): every text but the three that do hold a credential.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { detectProse, scanProse } from "../../src/guards/prose.ts";
import { findSecrets, redact } from "../../src/guards/secrets.ts";
import { loadLabelled } from "../learn/labelled/format.ts";
import { fc } from "../support/fc.ts";

/** Secrets of several shapes: passwords with digits or symbols, mixed-case words, provider tokens. */
const secret = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z]{4,9}$/),
      fc.stringMatching(/^[0-9]{1,4}$/),
      fc.constantFrom("", "!", "#", "-x", "_db"),
    )
    .map(([a, b, c]) => `${a}${b}${c}`),
  fc.stringMatching(/^[a-z]{3,6}[A-Z][a-z]{2,5}[0-9]?$/),
  fc.stringMatching(/^[A-Za-z0-9]{16,32}$/).filter((s) => /\d/.test(s)),
  fc.stringMatching(/^ghp_[A-Za-z0-9]{36}$/),
  fc.stringMatching(/^[A-Z][a-z]{3,6}[!@#$%][0-9]{2,4}$/),
);
const user = fc.constantFrom("admin", "neo4j", "deploy", "root", "grafana", "app_user");
const place = fc.constantFrom("staging db", "neo4j", "test account", "grafana", "prod redis", "vpn");

/** Sentence forms a person uses to hand over a credential (value `S`, user `U`, system `P`). */
const FORMS = [
  "the P login is U / S",
  "my token is S",
  "password: S",
  "use password S for the P",
  "the password for the P is S",
  "connect with the password 'S' please",
  "pw=S",
  "login: U:S",
  "here's the api key S, don't commit it",
  "the P credentials are U / S, check why it fails",
  "postgres://U:S@db.internal:5432/app",
  "пароль от P: S",
  "пароль — S, логин U",
  "логин U / S",
  "токен: S",
  "测试库的密码是 S，帮我查一下",
  "账号 U 密码 S",
  "密码：S",
  "令牌是 S",
];

describe("credentials said in prose", () => {
  test("PROPERTY: every credential shape × sentence form is found and redacted, in any language", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORMS), secret, user, place, async (form, s, u, p) => {
        const text = form.replace("P", p).replace("U", u).replace("S", s);
        const found = await findSecrets(text);
        assert.ok(found.length > 0, `not found: ${text}`);
        const out = redact(text, found);
        assert.ok(!out.includes(s), `still there after redaction: ${out}`);
      }),
      { numRuns: 300 },
    );
  });

  test("PROPERTY: the quick first test never changes the answer (any text, credential words mixed in)", () => {
    const word = fc.constantFrom(
      ...["password", "PASSWORD", "pwd", "api key", "Api-Key", "secret", "token", "creds", "login", "user"],
      ...["Username", "пароль", "ПАРОЛЬ", "токен", "логин", "учётка", "密码", "账号", "https://u"],
    );
    const link = fc.constantFrom(" is ", ": ", "=", " ", " for the db is ", "是", " — ");
    const value = fc.constantFrom(
      "hunter2",
      "Tr0ub4dor&3",
      "admin",
      "ghp_0123456789abcdefABCDEF0123456789abcd",
    );
    const sep = fc.constantFrom(" / ", ":", " and ", "@host");
    const said = fc
      .tuple(
        fc.string({ maxLength: 8 }),
        word,
        link,
        value,
        fc.option(fc.tuple(sep, value)),
        fc.string({ maxLength: 8 }),
      )
      .map(([a, w, l, v, more, b]) => `${a}${w}${l}${v}${more ? more.join("") : ""}${b}`);
    fc.assert(
      fc.property(fc.oneof(said, fc.string({ maxLength: 40 })), (text) => {
        assert.deepEqual(detectProse(text), scanProse(text), text);
      }),
      { numRuns: 3000 },
    );
  });

  test("ordinary words after a credential word are not secrets", () => {
    for (const t of [
      "the password is stored in Vault",
      "token: string",
      "api key is in .env",
      "password must be at least 12 characters",
      "the login page is broken after the deploy",
      "pass --verbose to pytest",
      "read the token from process.env.GITHUB_TOKEN",
      "the secret is rotated by the CronJob",
      "credentials are in ~/.aws/credentials",
      "пароль хранится в Vault",
      "密码存放在 Vault 里",
      // Ordinary prose with "user" before a pair (found in this repository's Markdown by bench/learn/prose-fp.ts).
      "export markers in identity/user keys and values",
      "the user input / output format",
      "user settings and preferences",
    ])
      assert.deepEqual(detectProse(t), [], t);
  });

  test("false positives on the labelled coding sessions: none in 1 100+ ordinary texts", async () => {
    const set = loadLabelled();
    const texts: string[] = [];
    for (const s of set.sessions)
      for (const r of s.records) {
        const c = (r.message as { content?: unknown } | undefined)?.content;
        if (typeof c === "string") texts.push(c);
        else if (Array.isArray(c))
          for (const p of c as Record<string, unknown>[])
            texts.push(
              String(p.text ?? (typeof p.content === "string" ? p.content : JSON.stringify(p.input ?? ""))),
            );
      }
    const credential = [/Tr0ub4dor-grafana/, /Zq8!mysql-test/, /Demo#2026/];
    const ordinary = texts.filter((t) => !credential.some((re) => re.test(t)));
    assert.equal(texts.length - ordinary.length, 3, "the three credential texts");
    const flagged: string[] = [];
    for (const t of ordinary) if ((await findSecrets(t)).length) flagged.push(t);
    assert.ok(ordinary.length > 1_000);
    assert.deepEqual(flagged, [], `false positives: ${flagged.length} of ${ordinary.length}`);
    for (const t of texts.filter((x) => !ordinary.includes(x)))
      assert.ok((await findSecrets(t)).length > 0, t);
  });
});
