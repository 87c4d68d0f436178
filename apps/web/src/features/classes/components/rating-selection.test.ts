import { describe, expect, it } from 'vitest';
import { canSave, idle, selectionReducer as r, type Selection } from './rating-selection';

const started = r(idle, { type: 'start' });

describe('rating selection state (spec §4)', () => {
  it('select mode starts empty and cancelling clears the chosen students', () => {
    expect(started).toEqual({ ...idle, selectMode: true });
    const picked = r(r(started, { type: 'toggleStudent', id: 4 }), { type: 'toggleStudent', id: 7 });
    expect(picked.studentIds).toEqual([4, 7]);
    expect(r(picked, { type: 'toggleStudent', id: 4 }).studentIds).toEqual([7]);
    expect(r(picked, { type: 'cancel' })).toEqual(idle);
  });

  it('students cannot be picked outside select mode', () => {
    expect(r(idle, { type: 'toggleStudent', id: 1 })).toBe(idle);
    expect(r(idle, { type: 'setStudents', ids: [1, 2] })).toBe(idle);
  });

  it('setStudents keeps each student once', () => {
    expect(r(started, { type: 'setStudents', ids: [3, 3, 5] }).studentIds).toEqual([3, 5]);
  });

  it('choosing a different skill clears the chosen actions; the same skill keeps them', () => {
    let s = r(started, { type: 'chooseSkill', id: 1 });
    s = r(r(s, { type: 'toggleAction', id: 10 }), { type: 'toggleAction', id: 11 });
    expect(s.actionIds).toEqual([10, 11]);
    expect(r(s, { type: 'chooseSkill', id: 1 }).actionIds).toEqual([10, 11]);
    expect(r(s, { type: 'chooseSkill', id: 2 })).toMatchObject({ skillId: 2, actionIds: [] });
  });

  it('no action without a skill', () => {
    expect(r(started, { type: 'toggleAction', id: 10 }).actionIds).toEqual([]);
  });

  it('update turns on edit and select mode, and then only one action can be selected', () => {
    const s: Selection = r(idle, { type: 'update', ratingId: 9, studentIds: [2], skillId: 1, actionId: 10 });
    expect(s).toMatchObject({ selectMode: true, editMode: true, ratingId: 9, studentIds: [2], skillId: 1, actionIds: [10] });
    expect(r(s, { type: 'toggleAction', id: 11 }).actionIds).toEqual([11]);
    expect(r(r(s, { type: 'chooseSkill', id: 3 }), { type: 'toggleAction', id: 30 }).actionIds).toEqual([30]);
  });

  it('saving needs a skill and an action; no students means the whole class', () => {
    expect(canSave(started)).toBe(false);
    const s = r(r(started, { type: 'chooseSkill', id: 1 }), { type: 'toggleAction', id: 10 });
    expect(s.studentIds).toEqual([]);
    expect(canSave(s)).toBe(true);
    expect(canSave(r(s, { type: 'cancel' }))).toBe(false);
  });
});
