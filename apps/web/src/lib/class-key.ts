// Apart from lib/teaching-classes.ts (which carries SWR), so that the entry can start the class's read (main.tsx).

/** The SWR key, and API path, of one class. */
export const classKey = (id: number) => `/teaching-class/${id}`;

/** The class a screen's address names (`/teaching-class/{id}/…` under the app's base), or null. */
export function addressedClassId(pathname: string, base: string): number | null {
  const m = pathname.startsWith(base) ? /^\/teaching-class\/(\d{1,10})(\/|$)/.exec(pathname.slice(base.length)) : null;
  return m && Number(m[1]) > 0 ? Number(m[1]) : null;
}
