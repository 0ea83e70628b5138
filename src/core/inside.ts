/**
 * True when `path` is `root` or inside it, comparing whole segments: /a/b/c is inside /a/b, /a/bc is not.
 * Pure string logic on paths the caller has already resolved (absolute, no `.` or `..` segments; symlinks,
 * where they matter, resolved by the caller with realpath): trailing separators do not count, the file
 * system's root `/` holds every absolute path, and the empty string is no path at all.
 */
export function isInside(path: string, root: string): boolean {
  const r = withoutTrailingSlashes(root);
  if (r === "") return root !== "" && path.startsWith("/");
  // A trailing separator on `path` is the slash after `r` (or one of several after it).
  return path === r || (path.startsWith(r) && path.charCodeAt(r.length) === SLASH);
}

const SLASH = 0x2f;

function withoutTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === SLASH) end--;
  return end === s.length ? s : s.slice(0, end);
}
