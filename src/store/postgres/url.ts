/** Whether a store URL names a PostgreSQL server. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The URL as it may appear in a message: no password, no user, no query (which may carry `password=`).
 * Every message that names the server goes through this.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.host || "(local socket)";
    return `${u.protocol}//${host}${u.pathname}`;
  } catch {
    return "postgres://(unparsable URL)";
  }
}

/** Remove a URL's credentials from any text (a driver's error message may quote its connection string). */
export function redactText(text: string, url: string): string {
  let out = text.replace(/postgres(ql)?:\/\/[^\s'"]+/gi, (m) => redactUrl(m));
  try {
    const pw = decodeURIComponent(new URL(url).password);
    if (pw.length >= 3) out = out.split(pw).join("***");
  } catch {
    /* unparsable: nothing more to hide */
  }
  return out;
}
