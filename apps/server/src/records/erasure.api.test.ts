import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MediaType, type Rating } from '@skillroom/contract';
import { dbKind, signUp, startTestServer, type TestServer } from '../../test/harness';
import { addStudent, API, createClass, type TestUser } from '../../test/classes';
import { classSkills, observe, rate, seedSkills } from '../../test/ratings';
import { expectErased, expectNoOrphans, keysOf, storedKeys, uploadImage } from '../../test/erasure';
import { fetchBare } from '../../test/media';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
}, 300_000);
afterAll(() => s.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const del = (u: TestUser, path: string, body?: unknown) => s.api('DELETE', `${API}${path}`, { token: u.token, body });

/** A class with two students, a rating of each alone with a photo, a rating of both, avatars and a parent's link and request. */
async function world() {
  const [teacher, parent] = await Promise.all([signUp(s), signUp(s, { accountTypeRadio: 'parent_user' })]);
  const classAvatar = await uploadImage(s, teacher.token, MediaType.TeachingClassAvatar);
  const cls = await createClass(s, teacher, { avatar: classAvatar['@id'] });
  const avatars = [
    await uploadImage(s, teacher.token, MediaType.StudentAvatar),
    await uploadImage(s, teacher.token, MediaType.StudentAvatar),
  ];
  const [ana, bo] = [
    await addStudent(s, teacher, cls.id, { firstName: 'Ana', avatar: avatars[0]!['@id'] }),
    await addStudent(s, teacher, cls.id, { firstName: 'Bo', avatar: avatars[1]!['@id'] }),
  ];
  const action = (await classSkills(s, teacher, cls.id))[0]!.learningActions[0]!.id;
  const photos = [
    await uploadImage(s, teacher.token, MediaType.RatingPhoto),
    await uploadImage(s, teacher.token, MediaType.RatingPhoto),
    await uploadImage(s, teacher.token, MediaType.RatingPhoto),
  ];
  const onlyAna = await rate(s, teacher, cls.id, action, { students: [ana['@id']], medias: [photos[0]!.id], description: 'custody note' });
  const onlyBo = await rate(s, teacher, cls.id, action, { students: [bo['@id']], medias: [photos[1]!.id] });
  const both = await rate(s, teacher, cls.id, action, { students: [ana['@id'], bo['@id']], medias: [photos[2]!.id] });
  // The parent asks to link to Ana (a request, with its notification to the teacher).
  const asked = await s.api('POST', `${API}/student-profile-user-invitation`, {
    token: parent.token,
    body: { invitationCode: ana.invitationCode },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return { teacher, parent, cls, ana, bo, action, classAvatar, avatars, photos, onlyAna, onlyBo, both };
}

describe(`erasure follows deletion (${dbKind})`, { timeout: 180_000 }, () => {
  it('a student removed from a class leaves every rating of it; a rating that named only them goes with its files', async () => {
    const w = await world();
    const keys = [...(await keysOf(s, w.photos[0]!.id)), ...(await keysOf(s, w.avatars[0]!.id))];
    const reportBefore = (await s.api('GET', `${API}/report/class/${w.cls.id}`, { token: w.teacher.token })).json();
    expect((await del(w.teacher, `/teaching-class-student/${w.ana.id}`)).statusCode).toBe(204);

    expect((await s.api('GET', `${API}/rating/${w.onlyAna.id}`, { token: w.teacher.token })).statusCode).toBe(404);
    expect((await fetchBare(s, w.photos[0]!.url)).statusCode).toBe(404);
    const both = (await s.api('GET', `${API}/rating/${w.both.id}`, { token: w.teacher.token })).json();
    expect(both.students).toHaveLength(1);
    expect(JSON.stringify(both.students)).not.toContain(`/teaching-class-student/${w.ana.id}"`);
    await expectErased(s, [w.photos[0]!.id, w.avatars[0]!.id], keys);
    const reportAfter = (await s.api('GET', `${API}/report/class/${w.cls.id}`, { token: w.teacher.token })).json();
    expect(reportAfter.totals.ratings).toBe(reportBefore.totals.ratings - 1);
    expect(await count(sql`select count(*)::int as n from student_profile_user_invitation where teaching_class_id = ${w.cls.id}`)).toBe(0);
    await expectNoOrphans(s);
  });

  it('a student kept in another class keeps their Student; the last place takes the Student and their avatar', async () => {
    const w = await world();
    const other = await createClass(s, w.teacher, { name: 'Other' });
    const copied = (
      await s.api('POST', `${API}/teaching-class-student/copy`, {
        token: w.teacher.token,
        body: { teachingClass: other['@id'], teachingClassStudents: [w.bo['@id']] },
      })
    ).json()['hydra:member'][0];
    const studentId = Number(String(w.bo.student).split('/').pop());
    expect((await del(w.teacher, `/teaching-class-student/${w.bo.id}`)).statusCode).toBe(204);
    // The copy shares the avatar: it stays while the copy uses it.
    expect(await count(sql`select count(*)::int as n from media where id = ${w.avatars[1]!.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from student where id = ${studentId}`)).toBe(1);
    const keys = await keysOf(s, w.avatars[1]!.id);
    expect((await del(w.teacher, `/teaching-class-student/${copied.id}`)).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int as n from student where id = ${studentId}`)).toBe(0);
    await expectErased(s, [w.avatars[1]!.id], keys);
    await expectNoOrphans(s);
  });

  it('a class deleted takes everything in it, and the notifications that point into it', async () => {
    const w = await world();
    const stranger = await signUp(s);
    expect(
      (
        await s.api('POST', `${API}/teaching-class-teacher-invitation`, {
          token: stranger.token,
          body: { invitationCode: w.cls.invitationCode },
        })
      ).statusCode,
    ).toBe(201);
    const media = [w.classAvatar, ...w.avatars, ...w.photos].map((m) => m.id);
    const keys = (await Promise.all(media.map((id) => keysOf(s, id)))).flat();
    expect(await count(sql`select count(*)::int as n from notification where user_id = ${w.teacher.id}`)).toBeGreaterThanOrEqual(2);
    expect((await del(w.teacher, `/teaching-class/${w.cls.id}`)).statusCode).toBe(204);
    await expectErased(s, media, keys);
    expect(await count(sql`select count(*)::int as n from notification where user_id = ${w.teacher.id}`)).toBe(0);
    await expectNoOrphans(s);
  });

  it('a rating deleted, and an attachment deleted, take their files', async () => {
    const w = await world();
    const ratingKeys = await keysOf(s, w.photos[1]!.id);
    expect((await del(w.teacher, `/rating/${w.onlyBo.id}`)).statusCode).toBe(204);
    await expectErased(s, [w.photos[1]!.id], ratingKeys);
    const attachmentKeys = await keysOf(s, w.photos[2]!.id);
    expect((await del(w.teacher, `/rating-media/${w.both.medias[0].id}`)).statusCode).toBe(204);
    await expectErased(s, [w.photos[2]!.id], attachmentKeys);
    // A PATCH that leaves an attachment out deletes it too.
    const patchKeys = await keysOf(s, w.photos[0]!.id);
    expect((await s.api('PATCH', `${API}/rating/${w.onlyAna.id}`, { token: w.teacher.token, body: { medias: [] } })).statusCode).toBe(200);
    await expectErased(s, [w.photos[0]!.id], patchKeys);
    await expectNoOrphans(s);
  });

  it('an attachment shared by the ratings of one observation stays while a rating links it, and goes with the last link', async () => {
    const w = await world();
    const photo = await uploadImage(s, w.teacher.token, MediaType.RatingPhoto);
    const keys = await keysOf(s, photo.id);
    const actions = (await classSkills(s, w.teacher, w.cls.id)).flatMap((k) => k.learningActions.map((a) => a.id));
    const shared = (await observe(s, w.teacher, w.cls.id, actions.slice(0, 4), { medias: [photo['@id']] })).ratings;
    const stays = async (step: string) => {
      expect(await count(sql`select count(*)::int n from media where id = ${photo.id}`), step).toBe(1);
      const stored = await storedKeys(s);
      expect(
        keys.filter((k) => stored.has(k)),
        step,
      ).toEqual(keys);
    };
    // Each kind of deletion, while another rating still links the photo, leaves its row and its files.
    expect((await del(w.teacher, `/rating/${shared[0]!.id}`)).statusCode).toBe(204);
    await stays('a rating deleted');
    const patched = await s.api('PATCH', `${API}/rating/${shared[1]!.id}`, { token: w.teacher.token, body: { medias: [] } });
    expect(patched.statusCode).toBe(200);
    await stays('detached by PATCH medias');
    expect((await del(w.teacher, `/rating-media/${shared[2]!.medias[0]!.id}`)).statusCode).toBe(204);
    await stays('an attachment deleted');
    expect(await count(sql`select count(*)::int n from rating_media where media_id = ${photo.id}`)).toBe(1);
    // The last link takes the row and its files.
    expect((await del(w.teacher, `/rating/${shared[3]!.id}`)).statusCode).toBe(204);
    await expectErased(s, [photo.id], keys);
    await expectNoOrphans(s);
  });

  it('a shared attachment deleted from its last rating goes with its files', async () => {
    const w = await world();
    const photo = await uploadImage(s, w.teacher.token, MediaType.RatingPhoto);
    const keys = await keysOf(s, photo.id);
    const actions = (await classSkills(s, w.teacher, w.cls.id)).flatMap((k) => k.learningActions.map((a) => a.id));
    const [a, b] = (await observe(s, w.teacher, w.cls.id, actions.slice(0, 2), { medias: [photo['@id']] })).ratings as [Rating, Rating];
    expect((await del(w.teacher, `/rating-media/${a.medias[0]!.id}`)).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int n from media where id = ${photo.id}`)).toBe(1);
    expect((await del(w.teacher, `/rating-media/${b.medias[0]!.id}`)).statusCode).toBe(204);
    await expectErased(s, [photo.id], keys);
    await expectNoOrphans(s);
  });

  it('an avatar replaced or removed goes (user, class, place, student, custom skill icon); the catalogue never does', async () => {
    const w = await world();
    const userAvatar = await uploadImage(s, w.teacher.token, MediaType.UserAvatar);
    expect(
      (await s.api('PATCH', `${API}/user/${w.teacher.id}`, { token: w.teacher.token, body: { avatar: userAvatar['@id'] } })).statusCode,
    ).toBe(200);
    const skillIcon = await uploadImage(s, w.teacher.token, MediaType.CustomLearningSkillIcon);
    const skill = (
      await s.api('POST', `${API}/learning-skill`, {
        token: w.teacher.token,
        body: { name: 'Grit', colorCode: '#224466', avatar: skillIcon['@id'], teachingClass: w.cls['@id'] },
      })
    ).json();
    const gone = [userAvatar, w.classAvatar, w.avatars[0]!, skillIcon];
    const keys = (await Promise.all(gone.map((m) => keysOf(s, m.id)))).flat();
    const newClassAvatar = await uploadImage(s, w.teacher.token, MediaType.TeachingClassAvatar);
    const answers = await Promise.all([
      s.api('PATCH', `${API}/user/${w.teacher.id}`, { token: w.teacher.token, body: { avatar: null } }),
      s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.teacher.token, body: { avatar: newClassAvatar['@id'] } }),
      // Ana's only place: the place and the Student both lose the avatar.
      s.api('PATCH', `${API}/teaching-class-student/${w.ana.id}`, { token: w.teacher.token, body: { avatar: null } }),
      s.api('PATCH', `${API}/learning-skill/${skill.id}`, { token: w.teacher.token, body: { avatar: null } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    await expectErased(
      s,
      gone.map((m) => m.id),
      keys,
    );
    expect(await count(sql`select count(*)::int as n from media where id = ${newClassAvatar.id}`)).toBe(1);
    await expectNoOrphans(s);
  });

  it('an account deleted takes its avatar, uploads, links, requests and notifications; its ratings elsewhere stay as "Former member"', async () => {
    const w = await world();
    const co = await signUp(s);
    await s.ctx.db.execute(sql`insert into teaching_class_teacher (teaching_class_id, teacher_id) values (${w.cls.id}, ${co.id})`);
    const avatar = await uploadImage(s, co.token, MediaType.UserAvatar);
    await s.api('PATCH', `${API}/user/${co.id}`, { token: co.token, body: { avatar: avatar['@id'] } });
    const unattached = await uploadImage(s, co.token, MediaType.RatingPhoto);
    const kept = await uploadImage(s, co.token, MediaType.RatingPhoto);
    const theirs = await rate(s, co, w.cls.id, w.action, { students: [w.bo['@id']], medias: [kept.id] });
    const keys = [...(await keysOf(s, avatar.id)), ...(await keysOf(s, unattached.id))];
    expect((await del(co, `/user/${co.id}`, { currentPassword: co.password })).statusCode).toBe(204);
    await expectErased(s, [avatar.id, unattached.id], keys);
    const rating = (await s.api('GET', `${API}/rating/${theirs.id}`, { token: w.teacher.token })).json();
    expect(rating.creator).toBeNull();
    expect(rating.medias).toHaveLength(1);
    expect((await s.api('GET', `${API}/user/${w.teacher.id}`, { token: co.token })).statusCode).toBe(401);
    expect((await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: co.refresh } })).statusCode).toBe(401);
    expect((await s.api('POST', '/api/public/v1/login_check', { body: { username: co.username, password: co.password } })).statusCode).toBe(
      401,
    );
    // The parent's account: its link request and the teacher's notification about it go.
    expect((await del(w.parent, `/user/${w.parent.id}`, { currentPassword: w.parent.password })).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int as n from student_profile_user_invitation where user_id = ${w.parent.id}`)).toBe(0);
    await expectNoOrphans(s);
  });
});

describe(`concurrent identical deletes (${dbKind})`, { timeout: 180_000 }, () => {
  it('ten parallel DELETE /rating/{id}: one 204 and nine 404, and the files go once', async () => {
    const w = await world();
    const keys = await keysOf(s, w.photos[1]!.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => del(w.teacher, `/rating/${w.onlyBo.id}`)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([204, ...Array<number>(9).fill(404)]);
    for (const r of answers.filter((a) => a.statusCode === 404)) expect(r.json()['@type']).toBe('hydra:Error');
    await expectErased(s, [w.photos[1]!.id], keys);
  });

  it('ten parallel deletes of a place, of an attachment and of a class: one 204 each, the rest 404', async () => {
    const w = await world();
    for (const path of [`/teaching-class-student/${w.bo.id}`, `/rating-media/${w.both.medias[0].id}`, `/teaching-class/${w.cls.id}`]) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => del(w.teacher, path)));
      expect(answers.map((r) => r.statusCode).sort(), path).toEqual([204, ...Array<number>(9).fill(404)]);
    }
    await expectNoOrphans(s);
  });
});
