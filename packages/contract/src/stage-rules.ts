// Free of zod and of imports: the web's stage names read it without the other growth rules (growth-rules.ts re-exports it).

/** One named step of a skill (DESIGN §12): a rating whose points reach `points` (and not the next stage's) is at it. */
export interface Stage {
  points: number;
  name: string;
  description: string;
}

/** The stage that points reach (the last whose points they reach), or null below the first. */
export function stageOf<S extends Pick<Stage, 'points'>>(stages: readonly S[], points: number | null): S | null {
  if (points === null) return null;
  let found: S | null = null;
  for (const s of stages) if (points >= s.points) found = s;
  return found;
}
