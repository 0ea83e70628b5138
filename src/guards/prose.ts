/**
 * Credentials said in ordinary sentences (issue 23): "the neo4j login is neo4j / hunter2", "my token is …",
 * "password: …", "пароль от базы — …", "测试库的密码是 …". Key-shaped strings are the other detectors'; these
 * are found by what introduces them — a credential word, then "is", ":", "=", "—" or nothing — and by how the
 * value looks: it has a digit, a symbol or mixed case (a password), or it follows ":"/"=" directly; never a
 * placeholder, a variable, a path or an ordinary word ("the password is required", "token is expired").
 * Pure and synchronous; linear-time patterns.
 */
import { lazyRegExp } from "../core/lazy-regexp.ts";
import type { SecretFinding } from "./finding.ts";

/** Words that introduce a credential, in English, Russian and Chinese. */
const WORD =
  "(?:pass(?:word|wd|phrase|code)|pwd|pw|api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|auth[ _-]?token|(?:access|bearer|api|bot|personal(?: access)?) token|token|credentials?|creds|login|пароль|паролем|пароля|парол[ьяе]|токен|ключ(?: api| доступа)?|секрет|логин|密码|口令|令牌|密钥|秘钥|账号密码)";

/** Between the word and the value: "is", "for X is", ":", "=", "—", "是", a space. At most ~40 characters. */
const LINK =
  "(?:\\s+(?:for|of|to|on|от|для|к)\\s+[^\\s,;:]{1,30}(?:\\s+[^\\s,;:]{1,30}){0,3})?(?:\\s*(?:is|are|was|will be|=|:|—|–|-|это|будет|是|为|：)\\s*|\\s+)";

/** The value: a quoted string or a run without spaces (stops before sentence punctuation). */
const VALUE = "(['\"`«“]?)([^\\s'\"`«»“”,;。，；]{4,80})\\1";

/** A word edge for scripts written with spaces (Chinese words run into each other). */
const EDGE = "(?<![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{N}_])";

const CREDENTIAL = lazyRegExp(`${EDGE}${WORD}${LINK}${VALUE}`, "giu");

/**
 * "login is user / secret", "user:secret", "логин admin / пароль …": the second half is the secret. After a
 * plain "user" (not a credential word: "user input / output", "user keys and values") a word is not enough:
 * the value must look like a password.
 */
const PAIR = lazyRegExp(
  String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{N}_.])(login|credentials?|creds|user(?:name)?|логин|учётка|账号)(?![\p{L}\p{N}_])[ \t]*(?:is|are|:|=|—|-|это|是|：)?[ \t]*([\p{L}\p{N}][^\s/,;:]{1,39})[ \t]*(?:\/|:|[ \t]+and[ \t]+|[ \t]+и[ \t]+)[ \t]*([^\s,;。，/]{4,80})`,
  "giu",
);

/** user:password@ in a URL. */
const URL_AUTH = lazyRegExp(String.raw`\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]{1,64}:([^\s@/]{3,128})@`, "giu");

const PLACEHOLDER = lazyRegExp(
  String.raw`^(?:<.*>|\$\{?\w+\}?|%\w+%|\{\{.*\}\}|\*+|x+|\.{3}|…|redacted|\[redacted.*|changeme|password|secret|token|none|null|empty|n\/a)$`,
  "iu",
);
const PATH = lazyRegExp(String.raw`^(?:~|\.{1,2})?\/|^[A-Za-z]:\\|^https?:\/\/`, "u");
const ENV_NAME = lazyRegExp("^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$", "u");
const CODE_REF = lazyRegExp(String.raw`(?:^|\.)(?:env|environ|getenv|secrets?|config|vault)\b|\(\)$`, "iu");
/** A call in code ("password = readPassword();"): the value is computed, not said. */
const CALL = lazyRegExp(String.raw`^[\p{L}_$][\p{L}\p{N}_$.]*\(`, "u");
/** A digit or a symbol: how passwords and tokens look, and words do not. */
const STRONG = lazyRegExp(String.raw`\p{N}|[!@#$%^&*+=_~?.-]`, "u");
const ONE_WORD = lazyRegExp(String.raw`^\p{L}+$`, "u");
const UPPER = lazyRegExp(String.raw`\p{Lu}`, "u");
const LOWER = lazyRegExp(String.raw`\p{Ll}`, "u");
/** Words that follow "password:" or "token:" in code talk (types, states), not secrets. */
const NOT_A_VALUE = lazyRegExp(
  "^(?:string|number|boolean|bigint|object|undefined|optional|required|true|false|hidden|masked|unknown|invalid|missing|expired|stored|changed|default|provided|given|present|empty|wrong|correct|reset|rotated|revoked|secret|bearer)$",
  "iu",
);

/** Whether a value after a credential word reads as the secret itself (`direct`: right after ":" or "="). */
export function secretValue(value: string, direct: boolean): boolean {
  const v = value.replace(/[.!?)\]]+$/u, "");
  if (v.length < 4 || PLACEHOLDER().test(v) || PATH().test(v) || ENV_NAME().test(v) || CODE_REF().test(v))
    return false;
  if (CALL().test(value)) return false;
  if (ONE_WORD().test(v)) {
    // A word: a secret only when mixed case inside it (hunTer) or given right after ":"/"=".
    if (UPPER().test(v.slice(1)) && LOWER().test(v)) return true;
    return direct && v.length >= 6 && !NOT_A_VALUE().test(v);
  }
  return STRONG().test(v) || v.length >= 12;
}

/**
 * Every pattern above needs one of these (with the same flags): a text without any — most of what a hook
 * redacts, "npm ERR! Test failed." — is answered without compiling them. The patterns' Unicode-script classes
 * cost 2–3 ms of CPU to compile on first use, on the hooks' fast path (a failed tool call's error excerpt);
 * this test, 0.1 ms.
 */
const MAYBE = lazyRegExp(
  String.raw`pass|pwd|pw|key|secret|token|cred|login|user|парол|токен|ключ|секрет|логин|учётка|密码|口令|令牌|密钥|秘钥|账号|:\/\/`,
  "iu",
);

/** Credentials said in prose, as ranges of the secret values. */
export function detectProse(text: string): SecretFinding[] {
  return MAYBE().test(text) ? scanProse(text) : [];
}

/** `detectProse` without the first test (a property test checks that it never changes the answer). */
export function scanProse(text: string): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const m of text.matchAll(CREDENTIAL())) {
    const value = m[2] as string;
    const link = m[0].slice(0, m[0].length - value.length - 2 * (m[1] as string).length);
    const direct = /[:=：]\s*$/u.test(link);
    if (!secretValue(value, direct)) continue;
    const start = (m.index ?? 0) + m[0].lastIndexOf(value);
    out.push({ kind: "credential in prose", start, end: start + value.replace(/[.!?)\]]+$/u, "").length });
  }
  for (const m of text.matchAll(PAIR())) {
    const value = m[3] as string;
    if (!secretValue(value, !/^user/iu.test(m[1] as string))) continue;
    const start = (m.index ?? 0) + m[0].lastIndexOf(value);
    out.push({ kind: "credential in prose", start, end: start + value.replace(/[.!?)\]]+$/u, "").length });
  }
  for (const m of text.matchAll(URL_AUTH())) {
    const value = m[1] as string;
    const start = (m.index ?? 0) + m[0].lastIndexOf(`:${value}@`) + 1;
    out.push({ kind: "password in URL", start, end: start + value.length });
  }
  return out;
}
