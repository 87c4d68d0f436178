import crypto from 'node:crypto';
import sharp from '../lib/sharp';
import { MediaType } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { makeThumbs, putThumbs } from '../lib/thumb-variants';
import { learningSkillsRepository } from '../modules/learning-skills/learning-skills.repository';
import { mediaRepository } from '../modules/media/media.repository';
import { ratingsRepository } from '../modules/ratings/ratings.repository';
import { reportsRepository } from '../modules/reports/reports.repository';

/** Notes a teacher might write beside a rating. */
const NOTES = [
  'Explained the steps to a partner without help.',
  'Great questions during the science experiment.',
  'Stayed with a hard puzzle until it was solved.',
  'Helped tidy the reading corner without being asked.',
  'Shared ideas kindly in group work.',
  'Made a colourful poster for the class project.',
  'Listened carefully during story time.',
  'Checked the answer a second way before sharing.',
  null,
  null,
];
const SCENES = ['#ffd166', '#06d6a0', '#118ab2', '#ef476f', '#8338ec', '#fb8500'];

/** A small deterministic random source, so the demo looks the same on every fresh start. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A photo of classroom work: a drawn scene, as a JPEG with its thumbnails. */
async function photo(files: FileStore, tx: DbOrTx, uploaderId: number, i: number) {
  const bg = SCENES[i % SCENES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#fdfaf3"/>
    <rect x="60" y="60" width="520" height="360" rx="24" fill="${bg}" opacity="0.85"/>
    <circle cx="${180 + (i % 5) * 60}" cy="200" r="70" fill="#fff" opacity="0.8"/>
    <path d="M120 380 L${260 + (i % 3) * 40} 220 L420 380Z" fill="#2d2a32" opacity="0.7"/>
    <rect x="380" y="120" width="150" height="100" rx="12" fill="#fff" opacity="0.6"/></svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const id = crypto.randomUUID();
  const storageKey = `image/demo/${id}.jpg`;
  const thumbKey = `thumb/demo/${id}.webp`;
  await files.put(storageKey, data, 'image/jpeg');
  await putThumbs(files, thumbKey, await makeThumbs(data));
  const row = await mediaRepository.insert(tx, {
    fileName: `${id}.jpg`,
    fileOriginalName: `classwork-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    size: data.length,
    fileDimensions: '640x480',
    mediaType: MediaType.RatingPhoto,
    storageKey,
    thumbKey,
    uploaderId,
  });
  return row.id;
}

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Days without a rating of a demo class's quiet students: past the default `coverageDays` (14). */
const QUIET_DAYS = 16;

/**
 * Points that grow over the term (DESIGN §12: a newcomer sees growth, not noise): about 1 to 2 at its start and 4 to 5 at its end,
 * a point either way at random. One draw per rating, as before, so the demo's other choices stay the same.
 */
export const grownPoints = (r: number, progress: number) => Math.min(5, Math.max(1, Math.round(1.2 + 3.4 * progress + (r - 0.5) * 2)));

/**
 * A term of ratings in a demo class (DESIGN §1: a newcomer sees full reports at once): every school day from the
 * class's start, or the last twelve weeks, up to today (or the class's end: DESIGN §7 keeps ratings within the class's
 * dates), three to five ratings by its teachers and evaluator, some for
 * the whole class, about one in five with a photo of the work (when a file store is given). The `quiet` students
 * (full names) have no rating in the last `QUIET_DAYS` (DESIGN §12: the coverage banner has someone to show): what
 * would have named them there names the others, so the random sequence, and the rest of the demo, stay as they were.
 */
export async function seedDemoRatings(
  tx: DbOrTx,
  files: FileStore | null,
  classId: number,
  raters: number[],
  span: { start: string; end: string },
  quiet: string[] = [],
) {
  const rand = prng(classId * 7919);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const skills = await learningSkillsRepository.ofClass(tx, classId, raters[0]!);
  const actions = await learningSkillsRepository.actionsOfSkills(
    tx,
    skills.map((s) => s.skill.id),
  );
  const places = await reportsRepository.placesOfClass(tx, classId);
  if (!actions.length || !places.length) return 0;
  const day = 86_400_000;
  const last = Math.min(Date.parse(`${iso(Date.now())}T00:00:00Z`), Date.parse(`${span.end}T00:00:00Z`));
  const isQuiet = (p: (typeof places)[number]) => quiet.includes(`${p.firstName} ${p.lastName}`);
  const others = places.filter((p) => !isQuiet(p));
  const quietFrom = last - (QUIET_DAYS - 1) * day;
  const from = Math.max(Date.parse(`${span.start}T00:00:00Z`), last - 84 * day);
  let made = 0;
  let photos = 0;
  for (let t = from; t <= last; t += day) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const n = 3 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) {
      const action = pick(actions);
      const whole = rand() < 0.15;
      const drawn = whole ? [] : [...new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(places)))];
      // In the quiet days a whole-class rating names the others instead, and a quiet student drawn gives way to the first other.
      const hushed = (whole ? others : drawn.filter((p) => !isQuiet(p)).concat(drawn.some(isQuiet) ? others.slice(0, 1) : []))
        .filter((p, i, all) => all.indexOf(p) === i);
      const named = t >= quietFrom && quiet.length ? hushed : drawn;
      const creatorId = pick(raters);
      const id = await ratingsRepository.insertWithStudents(
        tx,
        {
          teachingClassId: classId,
          learningSkillId: action.learningSkillId,
          learningActionId: action.id,
          date: iso(t),
          points: grownPoints(rand(), (t - from) / Math.max(day, last - from)),
          description: pick(NOTES),
          creatorId,
          created: new Date(t + (9 + k) * 3_600_000),
        },
        named.map((p) => ({ id: p.id, studentId: p.studentId })),
      );
      if (files && rand() < 0.2) await ratingsRepository.attach(tx, id, [await photo(files, tx, creatorId, photos++)]);
      made++;
    }
  }
  return made;
}
