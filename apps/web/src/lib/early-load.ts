/**
 * Loads the first screen needs, started by main.tsx as the app's code starts instead of when the component that needs
 * them first renders (after the translations, the layout's code and the user): each is then one step of the first load
 * rather than one more round trip after the others. A load is taken once; later callers load afresh.
 */
const started = new Map<string, { pending: Promise<unknown>; at: number }>();
/** A load older than this is not handed over (its screen came much later, behind a gate): its answer may be stale. */
export const EARLY_LOAD_MAX_AGE_MS = 15_000;

export function startEarly<T>(name: string, load: () => Promise<T>): void {
  if (started.has(name)) return;
  const pending = load();
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  pending.catch(() => undefined);
  started.set(name, { pending, at: Date.now() });
}

/** The load started early under `name`, once; `null` when none was, it was taken, or it is too old. */
export function takeEarly<T>(name: string): Promise<T> | null {
  const early = started.get(name);
  started.delete(name);
  return early && Date.now() - early.at <= EARLY_LOAD_MAX_AGE_MS ? (early.pending as Promise<T>) : null;
}
