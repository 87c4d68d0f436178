/**
 * Loads the first screen needs, started by main.tsx as the app's code starts instead of when the component that needs
 * them first renders (after the translations, the layout's code and the user): each is then one step of the first load
 * rather than one more round trip after the others. A load is taken once; later callers load afresh.
 */
const started = new Map<string, Promise<unknown>>();

export function startEarly<T>(name: string, load: () => Promise<T>): void {
  if (started.has(name)) return;
  const pending = load();
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  pending.catch(() => undefined);
  started.set(name, pending);
}

/** The load started early under `name`, once; `null` when none was (or it was taken). */
export function takeEarly<T>(name: string): Promise<T> | null {
  const pending = started.get(name) as Promise<T> | undefined;
  started.delete(name);
  return pending ?? null;
}
