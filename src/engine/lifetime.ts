/**
 * One lifetime for the brains a surface opens: `keep` them when opened, `closeAll` once the command, hook
 * or session is over (success or failure). Surfaces never call `persist()` themselves.
 */
interface Closable {
  close(): void;
}

const open = new Set<Closable>();

export function keep<T extends Closable>(brain: T): T {
  open.add(brain);
  return brain;
}

/** Close every kept brain (saving derived state); each is closed once. */
export function closeAll(): void {
  for (const b of open) b.close();
  open.clear();
}
