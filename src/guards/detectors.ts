/**
 * Our own secret shapes, for what secretlint's recommended preset does not catch on plain text, and the
 * decoded views of a text (fullwidth → ASCII, URL-decoding, base64) the guard scans too, so a secret
 * cannot get in by being encoded. Pure and synchronous.
 */
export interface SecretFinding {
  kind: string;
  start: number;
  end: number;
}

const B64 = "A-Za-z0-9+/";
const PATTERNS: { kind: string; re: RegExp }[] = [
  {
    kind: "private key",
    re: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: "PuTTY private key", re: /PuTTY-User-Key-File-\d+:[\s\S]*?(?:Private-MAC: *[0-9a-fA-F]+|$)/g },
  { kind: "AWS access key id", re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: "OpenAI API key", re: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}\b/g },
  { kind: "Google API key", re: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: "JSON Web Token", re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: "Stripe key", re: /\b[sr]k_live_[0-9A-Za-z]{20,}/g },
  { kind: "Twilio key", re: /\b(?:SK|AC)[0-9a-f]{32}\b/g },
  {
    kind: "Azure connection string",
    re: new RegExp(`\\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)=[${B64}%]{20,}={0,2}`, "g"),
  },
  { kind: "DigitalOcean token", re: /\bdo[opr]_v1_[0-9a-f]{64}\b/g },
  { kind: "Discord bot token", re: /\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}\b/g },
  { kind: "Telegram bot token", re: /\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b/g },
  { kind: "Mailgun key", re: /\bkey-[0-9a-f]{32}\b/g },
];

/** `.env`-style `NAME_SECRET=value`: the value, unless it is empty, a reference (`${X}`, `$X`) or `<placeholder>`. */
const ENV_LINE =
  /\b[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|PWD|TOKEN|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?)[A-Z0-9_]*[ \t]*=[ \t]*(['"]?)([^\s'"$<{][^\s'"]{5,})\1/g;

/** A bare 40-character AWS secret access key (mixed case), counted only near an AWS access key id. */
const AWS_SECRET = new RegExp(
  `(?<![${B64}])(?=[${B64}]*[a-z])(?=[${B64}]*[A-Z])[${B64}]{40}(?![${B64}=])`,
  "g",
);
const AWS_ID = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/;
const AWS_NEAR = 400;

/** The shapes above found in `text` (sorted by start). */
export function detectShapes(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  const add = (kind: string, start: number, end: number) => found.push({ kind, start, end });
  for (const { kind, re } of PATTERNS)
    for (const m of text.matchAll(re)) add(kind, m.index, m.index + m[0].length);
  for (const m of text.matchAll(ENV_LINE)) {
    const value = m[2] as string;
    const start = m.index + m[0].lastIndexOf(value);
    add(".env secret", start, start + value.length);
  }
  if (AWS_ID.test(text)) {
    for (const m of text.matchAll(AWS_SECRET)) {
      const around = text.slice(Math.max(0, m.index - AWS_NEAR), m.index + 40 + AWS_NEAR);
      if (AWS_ID.test(around)) add("AWS secret access key", m.index, m.index + 40);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A decoded form of part of a text: findings in `text` map back to [start, end) of the original. */
export interface View {
  text: string;
  /** Original offset of view offset i (length text.length + 1), or one range for the whole view. */
  map: number[] | { start: number; end: number };
}

/** Fullwidth and other compatibility forms folded to ASCII (NFKC), per code point so offsets map back. */
function nfkcView(text: string): View | undefined {
  if (/^[\x00-\x7f]*$/.test(text)) return undefined;
  let out = "";
  const map: number[] = [];
  let i = 0;
  for (const ch of text) {
    const n = ch.normalize("NFKC");
    for (let k = 0; k < n.length; k++) map.push(i);
    out += n;
    i += ch.length;
  }
  map.push(i);
  return out === text ? undefined : { text: out, map };
}

const URL_RUN = /[A-Za-z0-9%._~+\-/=&:;]*%[0-9A-Fa-f]{2}[A-Za-z0-9%._~+\-/=&:;]*/g;
const B64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,8192}={0,2}(?![A-Za-z0-9+/=_-])/g;
const PRINTABLE = /^[\t\n\r\x20-\x7e\u00a0-\uffff]*$/;

/** URL-decoded and base64-decoded runs of `text` that decode to readable text. */
function decodedViews(text: string): View[] {
  const views: View[] = [];
  for (const m of text.matchAll(URL_RUN)) {
    try {
      const d = decodeURIComponent(m[0].replace(/\+/g, " "));
      if (d !== m[0]) views.push({ text: d, map: { start: m.index, end: m.index + m[0].length } });
    } catch {
      /* not valid percent-encoding */
    }
  }
  for (const m of text.matchAll(B64_RUN)) {
    const run = m[0];
    // Identifiers, hex digests and words are not base64 of anything worth decoding.
    if (!/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/\d|[+/=]/.test(run)) continue;
    const d = Buffer.from(run.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
    if (d.length >= 12 && !d.includes("\ufffd") && PRINTABLE.test(d))
      views.push({ text: d, map: { start: m.index, end: m.index + run.length } });
  }
  return views;
}

/** Every decoded view of `text` worth scanning: NFKC-folded, then URL- and base64-decoded runs of it. */
export function viewsOf(text: string): View[] {
  const nfkc = nfkcView(text);
  const folded = nfkc?.text ?? text;
  const orig = (i: number) => (nfkc ? ((nfkc.map as number[])[i] ?? text.length) : i);
  const out: View[] = nfkc ? [nfkc] : [];
  for (const v of decodedViews(folded)) {
    const r = v.map as { start: number; end: number };
    out.push({ text: v.text, map: { start: orig(r.start), end: orig(r.end) } });
  }
  return out;
}

/** A finding in a view, as a range of the original text (a decoded run is redacted whole). */
export function mapBack(view: View, f: SecretFinding, originalLength: number): SecretFinding {
  if (!Array.isArray(view.map))
    return { kind: `${f.kind} (encoded)`, start: view.map.start, end: view.map.end };
  const m = view.map;
  return { kind: f.kind, start: m[f.start] ?? originalLength, end: m[f.end] ?? originalLength };
}

/** Replace every finding with `[REDACTED:kind]` (overlaps merged). */
export function redact(text: string, findings: SecretFinding[]): string {
  let out = "";
  let pos = 0;
  for (const f of findings) {
    if (f.end <= pos) continue;
    out += `${text.slice(pos, Math.max(pos, f.start))}[REDACTED:${f.kind}]`;
    pos = f.end;
  }
  return out + text.slice(pos);
}

/**
 * `text` with our key-shaped secrets redacted: the cheap, synchronous pass a hook can afford on every tool
 * call (regular expressions only; secretlint's preset and the decoded views run where the text is read).
 */
export function redactShapes(text: string): string {
  const found = detectShapes(text);
  return found.length ? redact(text, found) : text;
}
