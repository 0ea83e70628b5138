/** The secret shapes of issue 10 #14 and evasions of known ones (secrets.test.ts, secrets-bin.test.ts). */
import { Buffer } from "node:buffer";

/** Fake credentials assembled at run time (never real, never committed as one literal). */
export const hex = (n: number) => "3f9a0c1e7b2d4f68".repeat(8).slice(0, n);
export const mixed = "R7dK2mX9qL4vT8wZ1nB5cF3hJ6pS0yE2gA4uWq8eZ5xY";
export const b64 = (s: string) => Buffer.from(s).toString("base64");
export const fullwidth = (s: string) =>
  [...s].map((c) => (c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join("");

export const NEW_SHAPES: [string, string][] = [
  ["Stripe secret key", `sk_live_${mixed.slice(0, 24)}`],
  ["Stripe restricted key", `rk_live_${mixed.slice(0, 30)}`],
  ["Twilio API key", `SK${hex(32)}`],
  ["Twilio account SID", `AC${hex(32)}`],
  [
    "Azure storage connection string",
    `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${mixed}${mixed.slice(0, 20)}==;EndpointSuffix=core.windows.net`,
  ],
  [
    "Azure service bus connection string",
    `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=${mixed}=`,
  ],
  ["DigitalOcean token", `dop_v1_${hex(64)}`],
  ["Discord bot token", `MTA${mixed.slice(0, 21)}.GhT2aB.${mixed.slice(0, 38)}`],
  ["Telegram bot token", `123456789:AA${mixed.slice(0, 33)}`],
  ["Mailgun key", `key-${hex(32)}`],
  [
    "PGP private key",
    `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF${mixed}\n-----END PGP PRIVATE KEY BLOCK-----`,
  ],
  [
    "PuTTY private key",
    `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: me\nPublic-Lines: 2\nAAAAC3Nz${mixed}\nPrivate-Lines: 1\nAAAAIG${mixed}\nPrivate-MAC: ${hex(64)}`,
  ],
  [".env secret line", `DB_SECRET=${mixed.slice(0, 18)}`],
  [".env password line", `export PASSWORD='${mixed.slice(3, 17)}'`],
  [
    "AWS secret next to its key id",
    `aws AKIAIOSFODNN7EXAMPLQ / ${mixed.slice(0, 40).replace(/[xy]/gi, "/")}`,
  ],
];

/** Evasions of shapes the guard already knew (GitHub token, Stripe key). */
export const EVASIONS: [string, string][] = [
  ["base64 GitHub token", b64(`token ghp_${mixed.slice(0, 36)}`)],
  [
    "URL-encoded Stripe key",
    encodeURIComponent(`key=sk_live_${mixed.slice(0, 24)}&x=1`).replace(/_/g, "%5F"),
  ],
  ["fullwidth GitHub token", fullwidth(`ghp_${mixed.slice(0, 36)}`)],
];
