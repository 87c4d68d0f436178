import { RATING_POINTS } from '@skillroom/contract/rules';
import type { StudentGrowth } from '@skillroom/contract/types';

type Month = StudentGrowth['skills'][number]['months'][number];

const W = 160;
const H = 48;
const PAD = 4;
// Teal 700 (5.5:1 on white, over the 3:1 a graphic needs) and slate 300 for the guides, as attributes: no stylesheet rules.
const LINE = '#0f766e';
const GUIDE = '#cbd5e1';
const y = (points: number) => PAD + ((RATING_POINTS.max - points) / (RATING_POINTS.max - RATING_POINTS.min)) * (H - 2 * PAD);

/** The step line through the months' standings; a month without one (never rated by then) leaves a gap. */
export function stepPath(months: readonly Pick<Month, 'points'>[]): string {
  const step = (W - 2 * PAD) / Math.max(1, months.length);
  const parts: string[] = [];
  let drawing = false;
  months.forEach((m, i) => {
    if (m.points === null) {
      drawing = false;
      return;
    }
    const x0 = PAD + i * step;
    parts.push(
      drawing
        ? `V${y(m.points).toFixed(1)}H${(x0 + step).toFixed(1)}`
        : `M${x0.toFixed(1)} ${y(m.points).toFixed(1)}H${(x0 + step).toFixed(1)}`,
    );
    drawing = true;
  });
  return parts.join('');
}

interface Props {
  months: readonly Month[];
  /** The points where the skill's stages begin: a faint line at each. */
  stagePoints: readonly number[];
  /** The text alternative ("Developing in September, Secure now"). */
  label: string;
}

/**
 * A small step chart of a student's monthly standing on a skill (DESIGN §12), drawn as inline SVG: no chart library on
 * the student page. Points rise upwards from 1 to 5; the faint lines mark where each stage begins.
 */
export function GrowthChart({ months, stagePoints, label }: Props) {
  const last = [...months].reverse().find((m) => m.points !== null);
  const lastIndex = last ? months.lastIndexOf(last) : -1;
  const step = (W - 2 * PAD) / Math.max(1, months.length);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="block shrink-0 overflow-visible">
      {stagePoints.map((p) => (
        <line key={p} x1={PAD} x2={W - PAD} y1={y(p)} y2={y(p)} stroke={GUIDE} strokeWidth={1} strokeDasharray="2 3" />
      ))}
      <path d={stepPath(months)} fill="none" stroke={LINE} strokeWidth={2.5} strokeLinejoin="round" />
      {last && last.points !== null && <circle cx={PAD + (lastIndex + 1) * step} cy={y(last.points)} r={3.5} fill={LINE} />}
    </svg>
  );
}
