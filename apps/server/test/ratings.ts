import type { ClassLearningSkill, HydraCollection, Observation } from '@skillroom/contract';
import { sql } from 'drizzle-orm';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import type { TestServer } from './harness';
import { API, type TestUser } from './classes';

/** Test servers start empty: the catalogue's skills are seeded as main.ts does before any class is made. */
export const seedSkills = (s: TestServer) => seedLearningSkills(s.ctx);

/** The skills a class uses, with their actions. */
export async function classSkills(s: TestServer, u: TestUser, classId: number) {
  const res = await s.api('GET', `${API}/teaching-class/${classId}/learning-skills`, { token: u.token });
  if (res.statusCode !== 200) throw new Error(`class skills failed: ${res.statusCode} ${res.body}`);
  return (res.json() as HydraCollection<ClassLearningSkill>)['hydra:member'];
}

export const ratingBody = (classId: number, actionId: number, o: Record<string, unknown> = {}) => ({
  teachingClass: `${API}/teaching-class/${classId}`,
  learningAction: `${API}/learning-action/${actionId}`,
  date: '2026-10-05',
  points: 3,
  description: 'Explained fractions to the group.',
  students: [],
  ...o,
});

export async function rate(s: TestServer, u: TestUser, classId: number, actionId: number, o: Record<string, unknown> = {}) {
  const res = await s.api('POST', `${API}/rating`, { token: u.token, body: ratingBody(classId, actionId, o) });
  if (res.statusCode !== 201) throw new Error(`rating failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One observation in one write (POST /observation): a rating per action, all linked to the same media. */
export async function observe(s: TestServer, u: TestUser, classId: number, actionIds: number[], o: Record<string, unknown> = {}) {
  const { learningAction: _one, ...rest } = ratingBody(classId, actionIds[0]!, o);
  const body = { ...rest, learningActions: actionIds.map((a) => `${API}/learning-action/${a}`) };
  const res = await s.api('POST', `${API}/observation`, { token: u.token, body });
  if (res.statusCode !== 201) throw new Error(`observation failed: ${res.statusCode} ${res.body}`);
  return res.json() as Observation;
}

/** Takes a framework's skills off a class, so adopting it again adds them again (the API world's sends all answer alike). */
export async function unadopt(s: TestServer, classId: number, framework: string) {
  await s.ctx.db.execute(sql`delete from teaching_class_learning_skill where teaching_class_id = ${classId}
    and learning_skill_id in (select id from learning_skill where framework = ${framework})`);
}
