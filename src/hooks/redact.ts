import { redactShapes } from "../guards/detectors.ts";

/**
 * The hook path's secret pass over what a tool event keeps (a command line, a path, an error message): the
 * guard's key shapes (src/guards/detectors.ts) plus the shapes command lines carry that secretlint's
 * preset would catch on the read side — tokens with a known prefix, an `Authorization` header, a password in
 * a URL. Regular expressions only: secretlint costs a hook far more than its budget (bench/hooks.ts and the
 * report measure it), so it runs where the log is read (src/recall/tool-events.ts).
 */
const EXTRA: { kind: string; re: RegExp }[] = [
  { kind: "GitHub token", re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})\b/g },
  { kind: "GitLab token", re: /\bglpat-[A-Za-z0-9_-]{20,}\b/g },
  { kind: "Slack token", re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g },
  { kind: "npm token", re: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: "Anthropic API key", re: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  {
    kind: "authorization header",
    re: /(?<=\bAuthorization:\s*(?:Bearer|Basic|Token)\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  },
  { kind: "bearer token", re: /(?<=\bBearer\s+)[A-Za-z0-9._~+/=-]{20,}/g },
  { kind: "URL password", re: /(?<=\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]{3,}(?=@)/gi },
];

export function redactForHook(text: string): string {
  let out = redactShapes(text);
  for (const { kind, re } of EXTRA) out = out.replace(re, `[REDACTED:${kind}]`);
  return out;
}
