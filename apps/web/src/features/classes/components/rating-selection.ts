/**
 * The class screen's working state for rating (spec §3 "client-side working state", §4 "selection state"): select
 * mode, the chosen students (none = the whole class), the skill (the spec's learning action group), its actions, and
 * edit mode, in which one existing rating is updated and so exactly one action can be chosen.
 */
export interface Selection {
  selectMode: boolean;
  editMode: boolean;
  /** The rating being updated in edit mode. */
  ratingId: number | null;
  studentIds: number[];
  skillId: number | null;
  actionIds: number[];
}

export const idle: Selection = { selectMode: false, editMode: false, ratingId: null, studentIds: [], skillId: null, actionIds: [] };

export type SelectionEvent =
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'toggleStudent'; id: number }
  | { type: 'setStudents'; ids: number[] }
  | { type: 'chooseSkill'; id: number }
  | { type: 'toggleAction'; id: number }
  | { type: 'update'; ratingId: number; studentIds: number[]; skillId: number; actionId: number };

const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

export function selectionReducer(s: Selection, e: SelectionEvent): Selection {
  switch (e.type) {
    case 'start':
      return s.selectMode ? s : { ...idle, selectMode: true };
    case 'cancel':
      // Cancelling select mode clears the selected students (and everything chosen with them).
      return idle;
    case 'toggleStudent':
      return s.selectMode ? { ...s, studentIds: toggle(s.studentIds, e.id) } : s;
    case 'setStudents':
      return s.selectMode ? { ...s, studentIds: [...new Set(e.ids)] } : s;
    case 'chooseSkill':
      // Choosing a different group clears the chosen actions; choosing the same one keeps them.
      return s.skillId === e.id ? s : { ...s, skillId: e.id, actionIds: [] };
    case 'toggleAction':
      if (s.skillId === null) return s;
      // In edit mode only one action can be selected: choosing one replaces the other.
      if (s.editMode) return { ...s, actionIds: [e.id] };
      return { ...s, actionIds: toggle(s.actionIds, e.id) };
    case 'update':
      // Choosing to update turns on both edit mode and select mode.
      return { selectMode: true, editMode: true, ratingId: e.ratingId, studentIds: e.studentIds, skillId: e.skillId, actionIds: [e.actionId] };
  }
}

/** Saving needs a skill and at least one action (students may be none: the whole class). */
export const canSave = (s: Selection) => s.selectMode && s.skillId !== null && s.actionIds.length > 0;
