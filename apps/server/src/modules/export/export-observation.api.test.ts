import JSZip from 'jszip';
import { MediaType } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { dbKind } from '../../../test/harness';
import { API, withClassRoles, type TestUser } from '../../../test/classes';
import { uploadImage } from '../../../test/erasure';
import { classSkills, observe } from '../../../test/ratings';

/** DESIGN §6 exports and DESIGN §14's one write per observation: what POST /observation wrote is exported, and goes with it. */

const t = withClassRoles({}, { skills: true });
const NOTE = 'Observed at the pond, both of them';
const idOf = (ref: string) => Number(ref.split('/').pop());
const times = (text: string, part: string) => text.split(part).length - 1;

/** The export's zip: its file names, and a file's text. */
async function exported(url: string, u: TestUser) {
  const res = await t.s.api('GET', `${API}${url}`, { token: u.token });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const zip = await JSZip.loadAsync(res.rawPayload);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  return { names, text: (name: string) => zip.file(name)!.async('string') };
}

const noted = (json: string) =>
  (JSON.parse(json) as { ratings: { description: string | null; students?: { firstName: string }[] }[] }).ratings.filter(
    (r) => r.description === NOTE,
  );

describe(`export of an observation (${dbKind})`, { timeout: 120_000 }, () => {
  it('a class and a student export hold both ratings and the photo once; after DELETE /observation, none of it', async () => {
    const { s, w } = t;
    const actions = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions.map((a) => a.id);
    const photo = await uploadImage(s, w.creator.token, MediaType.RatingPhoto);
    const o = await observe(s, w.creator, w.cls.id, actions.slice(0, 2), {
      students: [w.first['@id'], w.second['@id']],
      description: NOTE,
      medias: [photo['@id']],
    });
    expect(o.ratings).toHaveLength(2);
    const photoFiles = (names: string[]) => names.filter((n) => n.split('/').pop()!.startsWith(`${photo.id}-`));
    const classUrl = `/export/class/${w.cls.id}`;
    const studentUrl = `/export/student/${idOf(w.first.student)}?teaching_class_id=${w.cls.id}`;

    // The class, by a co-teacher: every rating once at the top, and in each named student's folder.
    const cls = await exported(classUrl, w.coteacher);
    expect(photoFiles(cls.names)).toHaveLength(1);
    const top = noted(await cls.text('ratings.json'));
    expect(top).toHaveLength(2);
    for (const r of top) expect(r.students!.map((x) => x.firstName).sort()).toEqual(['Amara', 'Bao']);
    expect(times(await cls.text('ratings.csv'), NOTE)).toBe(2);
    for (const folder of [`Amara-Okafor-${w.first.id}`, `Bao-Nguyen-${w.second.id}`]) {
      expect(noted(await cls.text(`${folder}/ratings.json`)), folder).toHaveLength(2);
      expect(times(await cls.text(`${folder}/ratings.csv`), NOTE), folder).toBe(2);
      const html = await cls.text(`${folder}/index.html`);
      expect(times(html, NOTE), folder).toBe(2);
      expect(html).toContain(`../${photoFiles(cls.names)[0]}`);
    }

    // The first student's record, by the parent linked to them.
    const record = await exported(studentUrl, w.linked);
    expect(photoFiles(record.names)).toHaveLength(1);
    expect(noted(await record.text('ratings.json'))).toHaveLength(2);
    expect(times(await record.text('ratings.csv'), NOTE)).toBe(2);
    const html = await record.text('index.html');
    expect(times(html, NOTE)).toBe(2);
    expect(html).toContain(photoFiles(record.names)[0]);

    const del = await s.api('DELETE', `${API}/observation/${o.id}`, { token: w.creator.token });
    expect(del.statusCode, del.body).toBe(204);
    for (const [url, u] of [
      [classUrl, w.coteacher],
      [studentUrl, w.linked],
    ] as const) {
      const after = await exported(url, u);
      expect(photoFiles(after.names), url).toEqual([]);
      const texts = await Promise.all(
        after.names.filter((n) => /\.(json|csv|html)$/.test(n)).map(async (n) => [n, await after.text(n)] as const),
      );
      expect(texts.length, url).toBeGreaterThan(0);
      expect(
        texts.filter(([, t]) => t.includes(NOTE)).map(([n]) => n),
        url,
      ).toEqual([]);
    }
  });
});
