import { MediaType, snakeName, type ListQuery } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { withApiWorld, concrete, filterValues, sampleValue } from '../../test/api-world';
import { masked } from '../../test/answer-shape';
import { API, addStudent, createClass, makeMedia } from '../../test/classes';
import { dbKind, signUp } from '../../test/harness';
import { QUERY_MESSAGES } from './list-query';

const t = withApiWorld();

const get = (url: string, token = t.w.creator.token) => t.s.api('GET', url, { token: url.startsWith('/api/auth/') ? token : undefined });
const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);

/** Every list route, with its filters, as the routes declare them (`listQuery`): a list added later is covered too. */
const lists = () =>
  t.s.ctx.routes
    .filter((r) => r.method === 'get' && r.list)
    // A list under an item (`/teaching-class/:id/learning-skills`) is called on the world's item.
    .map((r) => ({
      docPath: r.url.replace(/:(\w+)/g, '{$1}'),
      path: concrete(r.url.replace(/:(\w+)/g, '{$1}'), t.w),
      list: r.list as ListQuery,
    }));

/** What two answers must share: a JSON body as read; a file (the family letters' PDF) by its type and length. */
const answerOf = (res: Awaited<ReturnType<typeof get>>) =>
  String(res.headers['content-type']).includes('json')
    ? masked(res.json())
    : { type: res.headers['content-type'], bytes: res.rawPayload.length };

/** Each spelling a client may use for one filter value: canonical, snake case, `x[]=`, and `x=v&x[]=v`. */
function spellings(list: ListQuery, name: string, value: (key?: string) => string): string[][] {
  const f = list.filters[name]!;
  const q = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
  if (f.shape === 'keyed')
    return (f.keys ?? []).map((k) => [q(`${name}[${k}]`, value(k)), q(`${snakeName(name)}[${snakeName(k)}]`, value(k))]);
  const v = value();
  return [
    [
      q(name, v),
      q(snakeName(name), v),
      q(`${name}[]`, v),
      `${q(name, v)}&${q(`${name}[]`, v)}`,
      `${q(snakeName(name), v)}&${q(`${snakeName(name)}[]`, v)}`,
    ],
  ];
}

describe(`every declared list filter (${dbKind})`, () => {
  it('gives the same answer in every spelling, and a 400 naming a misspelt one', async () => {
    const known = filterValues(t.w);
    let filters = 0;
    expect(lists().length).toBeGreaterThanOrEqual(6);
    for (const { path, list } of lists()) {
      for (const name of Object.keys(list.filters)) {
        for (const group of spellings(list, name, (key) => sampleValue(path, list, name, known, key))) {
          // One after the other: a heavy route (the family letters) takes one job per user at a time, 429 beside it.
          const answers = [];
          for (const qs of group) answers.push({ qs, res: await get(`${path}?${qs}`) });
          const first = answers[0]!;
          expect(first.res.statusCode, `${path}?${first.qs}: ${first.res.body.slice(0, 300)}`).toBe(200);
          for (const a of answers.slice(1)) {
            expect(a.res.statusCode, `${path}?${a.qs}`).toBe(first.res.statusCode);
            expect(answerOf(a.res), `${path}?${a.qs} against ?${first.qs}`).toEqual(answerOf(first.res));
          }
        }
        for (const typo of [`${name}x`, `${snakeName(name)}_x`, `${name}[x]`]) {
          if (list.filters[name]!.keys?.includes('x')) continue;
          const res = await get(`${path}?${encodeURIComponent(typo)}=1`);
          expect(res.statusCode, `${path}?${typo}`).toBe(400);
          expect(res.json().violations, `${path}?${typo}`).toContainEqual({ propertyPath: typo, message: QUERY_MESSAGES.unknown });
        }
        filters++;
      }
    }
    console.info(`filters: ${filters} filters on ${lists().length} lists covered`);
    // Every filter of every list in five spellings, one request after the other: 6-8 s on a quiet machine.
  }, 60_000);

  it('answers 400 for two different values of a one-value filter', async () => {
    const res = await get(`${API}/teaching-classes?isFinished=1&is_finished=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([{ propertyPath: 'isFinished', message: QUERY_MESSAGES.several }]);
  });
});

describe('filters the product’s clients rely on (never silently dropped)', () => {
  it('teaching_class.id keeps the places of that class only', async () => {
    const other = await createClass(t.s, t.w.creator);
    const place = await addStudent(t.s, t.w.creator, other.id, { firstName: 'Zoe' });
    expect(ids((await get(`${API}/teaching-class-students?teaching_class.id=${other.id}`)).json())).toEqual([place.id]);
    expect(ids((await get(`${API}/teaching-class-students?teachingClass.id[]=${t.w.cls.id}`)).json()).sort()).toEqual(
      [t.w.first.id, t.w.second.id].sort(),
    );
  });

  it('invitation_code finds the class of that code, even for someone outside it', async () => {
    const stranger = await signUp(t.s);
    const res = (await get(`${API}/teaching-classes?invitation_code=${t.w.cls.invitationCode}`, stranger.token)).json();
    expect(ids(res)).toEqual([t.w.cls.id]);
    expect(res['hydra:view']['@id']).toContain(`invitationCode=${t.w.cls.invitationCode}`);
  });

  it('teaching_class_students.teaching_class.id keeps the students of that class only', async () => {
    const other = await createClass(t.s, t.w.creator);
    const place = await addStudent(t.s, t.w.creator, other.id, { firstName: 'Yann' });
    const studentId = Number(String(place.student).split('/').pop());
    expect(ids((await get(`${API}/students?teaching_class_students.teaching_class.id=${other.id}`)).json())).toEqual([studentId]);
    expect(ids((await get(`${API}/students?teachingClassStudents.teachingClass.id=${t.w.cls.id}`)).json())).not.toContain(studentId);
  });

  it('media_type and exists[creator] select media, and their links say so', async () => {
    const doc = await makeMedia(t.s, MediaType.RatingFile, t.w.creator.id);
    expect(ids((await get(`${API}/medias?media_type=${MediaType.RatingFile}`)).json())).toEqual([doc.id]);
    const catalogue = (await get(`${API}/medias?exists[creator]=false&itemsPerPage=1000`)).json();
    expect(ids(catalogue)).not.toContain(t.w.upload.id);
    const uploads = (
      await get(`${API}/medias?exists%5Bcreator%5D=true&mediaType[]=${MediaType.StudentAvatar}&mediaType[]=${MediaType.RatingFile}`)
    ).json();
    expect(ids(uploads).sort()).toEqual([t.w.upload.id, doc.id].sort());
    const link = String(uploads['hydra:view']['@id']);
    expect(link).not.toContain('object');
    expect(new URL(link, 'http://x').searchParams.getAll('mediaType[]')).toEqual([
      String(MediaType.StudentAvatar),
      String(MediaType.RatingFile),
    ]);
    expect(new URL(link, 'http://x').searchParams.get('exists[creator]')).toBe('true');
  });

  it('writes the same hydra:view links whichever spelling the client used', async () => {
    const a = (await get(`${API}/teaching-class-students?teaching_class.id=${t.w.cls.id}&itemsPerPage=1`)).json()['hydra:view'];
    const b = (
      await get(`${API}/teaching-class-students?teachingClass.id[]=${t.w.cls.id}&teachingClass.id=${t.w.cls.id}&items_per_page=1`)
    ).json()['hydra:view'];
    expect(a).toEqual(b);
    expect(a['hydra:next']).toBe(`${API}/teaching-class-students?teachingClass.id=${t.w.cls.id}&page=2&itemsPerPage=1`);
  });
});

describe('the API document', () => {
  it('lists each declared filter in both spellings, from the same declaration', async () => {
    const doc = (await t.s.api('GET', '/api/docs.json')).json();
    for (const { docPath: path, list } of lists()) {
      const names = (doc.paths[path].get.parameters as { name: string }[]).map((p) => p.name);
      for (const [name, f] of Object.entries(list.filters)) {
        const expected = f.shape === 'keyed' ? (f.keys ?? []).map((k) => `${name}[${k}]`) : [name];
        for (const n of expected) expect(names, path).toEqual(expect.arrayContaining([n, snakeName(n)]));
      }
    }
  });
});
