// What the cluster run works with: accounts, classes with students and a skill, a photo and a video to upload.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegPath } from '../src/lib/ffmpeg';
import { AUTH, must, signUp, type Account } from './client';
import type { ClassSetup } from './traffic';

/** Runs `make` for each item, `width` at a time (sign-ups hash passwords: all at once would only queue). */
async function pool<T, R>(items: T[], width: number, make: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await make(items[i]!);
      }
    }),
  );
  return out;
}

export async function makeClass(base: string, owner: Account, n: number): Promise<ClassSetup> {
  const cls = await must<{ id: number; invitationCode: string }>(base, 'POST', `${AUTH}/teaching-class`, {
    token: owner.token,
    body: { name: `Cluster class ${n}`, year: 2026, start: '2026-09-01', end: '2027-07-15', grade: '4', term: 'Autumn' },
  });
  const studentIris: string[] = [];
  for (const first of ['Amara', 'Bao', 'Carmen', 'Dev']) {
    const place = await must<{ '@id': string }>(base, 'POST', `${AUTH}/teaching-class-student`, {
      token: owner.token,
      body: { teachingClass: `${AUTH}/teaching-class/${cls.id}`, firstName: first, lastName: `Class${n}` },
    });
    studentIris.push(place['@id']);
  }
  const skills = await must<{ 'hydra:member': { learningActions: { id: number }[] }[] }>(
    base,
    'GET',
    `${AUTH}/teaching-class/${cls.id}/learning-skills`,
    { token: owner.token },
  );
  const actionId = skills['hydra:member'][0]?.learningActions[0]?.id;
  if (!actionId) throw new Error('a new class has no learning skills: were the catalogue skills seeded?');
  return { owner, classId: cls.id, invitationCode: cls.invitationCode, actionId, studentIris };
}

export async function makeWorld(base: string, o: { classes: number; joiners: number }) {
  const owners = await pool(Array.from({ length: o.classes }), 3, () => signUp(base));
  const classes = await pool(owners, 3, (owner) => makeClass(base, owner, owner.id));
  const joiners = await pool(Array.from({ length: o.joiners }), 4, () => signUp(base));
  const [probeUser, lockUser] = [await signUp(base), await signUp(base)];
  return { classes, joiners, probeUser, lockUser };
}

/**
 * A photo with some detail (so that its work is not trivial) and a video that must be transcoded (MPEG-4 part 2), long
 * enough (40 s of 720p) that its transcode is still running when its instance is killed, even on a quiet machine.
 */
export async function makeFiles(dir: string) {
  const noise = Buffer.from(Array.from({ length: 320 * 240 * 3 }, (_, i) => (i * 7919) % 251));
  const photo = await sharp(noise, { raw: { width: 320, height: 240, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const video = path.join(dir, 'clip.mp4');
  // The server's own choice (FFMPEG_PATH, the system's, else the npm package's), so a machine without Debian's ffmpeg runs it too.
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new Error('no ffmpeg runs here: the cluster test needs one to make its video');
  execFileSync(
    ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '40',
      '-c:v',
      'mpeg4',
      '-q:v',
      '4',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      video,
    ],
    { stdio: 'inherit' },
  );
  return { photo, video };
}
