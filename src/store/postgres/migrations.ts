import type { Client } from "pg";

/**
 * The team store's schema, one numbered step at a time. A brain applies the steps it has not recorded in
 * brain_migrations the first time it opens, under an advisory lock so that many processes opening a new
 * database at once apply each step exactly once. Steps are only ever added, never edited.
 */
const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE brain_events (
  seq bigserial PRIMARY KEY,
  event_key uuid NOT NULL UNIQUE,
  entry_id text,
  type text,
  entry jsonb,
  line text NOT NULL,
  complete boolean NOT NULL DEFAULT true,
  ts timestamptz NOT NULL DEFAULT now(),
  namespace text NOT NULL,
  writer text NOT NULL
);
CREATE INDEX brain_events_entry_id ON brain_events (entry_id);
CREATE INDEX brain_events_namespace_seq ON brain_events (namespace, seq);
CREATE TABLE brain_dedup (
  namespace text NOT NULL,
  text_hash text NOT NULL,
  entry_id text NOT NULL,
  PRIMARY KEY (namespace, text_hash)
);
CREATE INDEX brain_dedup_entry_id ON brain_dedup (entry_id);
CREATE TABLE brain_meta (key text PRIMARY KEY, value text NOT NULL);
INSERT INTO brain_meta VALUES ('generation', gen_random_uuid()::text);
CREATE FUNCTION brain_append(p_key uuid, p_id text, p_type text, p_line text, p_json boolean,
  p_complete boolean, p_ns text, p_hash text, p_target text, p_writer text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM brain_events WHERE event_key = p_key) THEN RETURN 'present'; END IF;
  IF p_target IS NOT NULL THEN DELETE FROM brain_dedup WHERE entry_id = p_target; END IF;
  IF p_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM brain_events WHERE entry_id = p_id) THEN
    INSERT INTO brain_dedup (namespace, text_hash, entry_id) VALUES (p_ns, p_hash, p_id)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN RETURN 'duplicate'; END IF;
  END IF;
  INSERT INTO brain_events (event_key, entry_id, type, entry, line, complete, namespace, writer)
    VALUES (p_key, p_id, p_type, CASE WHEN p_json THEN p_line::jsonb END, p_line, p_complete, p_ns, p_writer);
  RETURN 'added';
END $$;`,
  },
];

/** Advisory lock keys (one per purpose, arbitrary constants). */
export const MIGRATION_LOCK = 0x6272_6e01;
export const WRITE_LOCK = 0x6272_6e02;

export async function migrate(c: Client): Promise<void> {
  await c.query("BEGIN");
  try {
    await c.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await c.query(
      "CREATE TABLE IF NOT EXISTS brain_migrations (version int PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())",
    );
    const r = await c.query<{ v: number | null }>("SELECT max(version) AS v FROM brain_migrations");
    const have = r.rows[0]?.v ?? 0;
    for (const m of MIGRATIONS) {
      if (m.version <= have) continue;
      await c.query(m.sql);
      await c.query("INSERT INTO brain_migrations (version) VALUES ($1)", [m.version]);
    }
    await c.query("COMMIT");
  } catch (err) {
    await c.query("ROLLBACK").catch(() => {});
    throw err;
  }
}
