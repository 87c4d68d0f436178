import type { Rating } from '@skillroom/contract/types';
import { describe, expect, it, vi } from 'vitest';
import { deleteObservation, groupObservations, observationMedias, ratingDays, saveObservation } from './observations';

const calls: string[] = [];
vi.mock('../../lib/api-client', () => ({
  api: vi.fn(async (path: string, o: { method: string; body?: { learningActions?: number[]; date: string; students: string[] } }) => {
    const actions = o.body?.learningActions ? `[${o.body.learningActions.join(',')}]` : 'no actions';
    calls.push(`${o.method} ${path}${o.body ? ` ${actions} ${o.body.date} ${o.body.students.join(',')}` : ''}`);
  }),
  withQuery: (p: string) => p,
}));

const media = (id: number) => ({ media: { id } }) as Rating['medias'][number];
const r = (id: number, observation: string, medias: number[] = []) => ({ id, observation, medias: medias.map(media) }) as unknown as Rating;

describe('observations', () => {
  it('makes one card of consecutive ratings that share an observation, and keeps the feed order', () => {
    const groups = groupObservations([r(9, 'a'), r(8, 'a'), r(7, 'b'), r(6, 'a'), r(5, 'c'), r(4, 'c')]);
    expect(groups.map((g) => g.map((x) => x.id))).toEqual([[9, 8], [7], [6], [5, 4]]);
    expect(groupObservations([])).toEqual([]);
  });

  it('lists an observation’s files once each, in the order they come', () => {
    expect(observationMedias([r(2, 'a', [10, 11]), r(1, 'a', [10, 11, 12])]).map((m) => m.id)).toEqual([10, 11, 12]);
  });

  it('allows the days of the class up to today, never after', () => {
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const past = { start: '2020-09-01', end: '2021-07-15' };
    expect(ratingDays(past)).toEqual({ min: '2020-09-01', max: '2021-07-15' });
    const later = { start: '2020-09-01', end: `${today.getFullYear() + 2}-01-01` };
    expect(ratingDays(later).max <= iso(new Date(today.getTime() + 86_400_000))).toBe(true);
    expect(ratingDays(later).max >= iso(new Date(today.getTime() - 86_400_000))).toBe(true);
  });

  it('edits an observation as a whole in one request (its actions, students, date...), and deletes it in one', async () => {
    const group = [
      { ...r(2, 'obs', [10]), learningAction: { id: 21 } },
      { ...r(1, 'obs', [10]), learningAction: { id: 20 } },
    ] as unknown as Rating[];
    const next = { skillId: 5, actionIds: [20, 22], studentIds: [7], date: '2026-03-02', points: 4, description: '', mediaIds: [10] };
    await expect(saveObservation(group, 3, next)).resolves.toBe('obs');
    await deleteObservation(group);
    expect(calls).toEqual(['PATCH /observation/obs [20,22] 2026-03-02 /api/auth/v1/teaching-class-student/7', 'DELETE /observation/obs']);
  });

  it('saves a rating of a skill as a whole with no action chosen without naming actions (its rating stays)', async () => {
    calls.length = 0;
    const group = [{ ...r(1, 'whole'), learningAction: null }] as unknown as Rating[];
    const next = { skillId: 5, actionIds: [], studentIds: [], date: '2026-03-02', points: 2, description: '', mediaIds: [] };
    await saveObservation(group, 3, next);
    expect(calls).toEqual(['PATCH /observation/whole no actions 2026-03-02 ']);
  });
});
