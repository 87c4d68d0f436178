import { describe, expect, it } from 'vitest';
import { CLASS_ABILITIES, ClassUserType } from '@skillroom/contract';
import { HttpError } from '../http/errors';
import { authorize, can, classAbilities, RULES, type Action, type Subject } from './access-rules';

/*
 * DESIGN §2 read as a grid, independently of the table in access-rules.ts: one row per action, one column per kind of
 * user, and what each gets: 'ok', 403, or 404. A change to the rules that is not also a change here fails.
 */
const ME = 7;
const OTHER = 8;
const PEOPLE = {
  creator: { role: ClassUserType.Creator, ownerId: OTHER },
  coTeacher: { role: ClassUserType.CoTeacher, ownerId: OTHER },
  evaluator: { role: ClassUserType.Evaluator, ownerId: OTHER },
  linked: { role: null, linked: true, ownerId: OTHER },
  /** The subject's owner with no role in the class: a requester, a linked user's own link. */
  owner: { role: null, ownerId: ME },
  /** The owner who is also a co-teacher: a rating's author, a co-teacher leaving. */
  coTeacherOwner: { role: ClassUserType.CoTeacher, ownerId: ME },
  stranger: { role: null, ownerId: OTHER },
} satisfies Record<string, Subject>;
type Person = keyof typeof PEOPLE;
type Answer = 'ok' | 403 | 404;

/** The resources of no class (a profile, a notification, a media file) and those who ask about them. */
const ACCOUNT_PEOPLE = {
  /** The subject is theirs: their profile, notification or push token. */
  owner: { ownerId: ME },
  /** The visibility SQL lets them see it (a profile they share a class with, a media attached to a rating they see). */
  visible: { ownerId: OTHER, visible: true },
  member: { memberRoles: ['evaluator'] },
  stranger: { ownerId: OTHER, visible: false, memberRoles: [] },
} satisfies Record<string, Subject>;
type AccountResource = 'user' | 'student' | 'media' | 'subscription' | 'notification' | 'pushToken' | 'emailSubscription';
type AccountAction = Extract<Action, `${AccountResource}.${string}`>;

//                                       owner visible member stranger
const ACCOUNT_GRID: Record<AccountAction, Answer[]> = {
  'user.read': ['ok', 'ok', 404, 404],
  'user.edit': ['ok', 403, 404, 404],
  'user.delete': ['ok', 403, 404, 404],
  'student.read': [404, 'ok', 404, 404],
  'media.read': [404, 'ok', 404, 404],
  'media.fetch': [404, 'ok', 404, 404],
  'subscription.read': [404, 404, 'ok', 404],
  'notification.read': ['ok', 404, 404, 404],
  'pushToken.read': ['ok', 404, 404, 404],
  'emailSubscription.read': ['ok', 404, 404, 404],
  'emailSubscription.edit': ['ok', 404, 404, 404],
};

//                                creator coTeacher evaluator linked owner coTeacherOwner stranger
const GRID: Record<Exclude<Action, AccountAction>, Answer[]> = {
  'class.read': ['ok', 'ok', 'ok', 404, 404, 'ok', 404],
  'class.edit': ['ok', 403, 403, 404, 404, 403, 404],
  'class.delete': ['ok', 403, 403, 404, 404, 403, 404],
  'class.rate': ['ok', 'ok', 'ok', 404, 404, 'ok', 404],
  'class.report': ['ok', 'ok', 'ok', 404, 404, 'ok', 404],
  'class.manageStudents': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'class.manageTeachers': ['ok', 403, 403, 404, 404, 403, 404],
  'class.manageLinks': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'class.seeCodes': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'class.printLetters': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'class.manageSkills': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'class.adoptFramework': ['ok', 403, 403, 404, 404, 403, 404],
  'class.seeTeacherCoverage': ['ok', 403, 403, 404, 404, 403, 404],
  'class.export': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'class.readAccessLog': ['ok', 403, 403, 404, 404, 403, 404],
  'place.read': ['ok', 'ok', 'ok', 'ok', 404, 'ok', 404],
  'place.manage': ['ok', 'ok', 403, 403, 404, 'ok', 404],
  'place.export': ['ok', 'ok', 403, 'ok', 404, 'ok', 404],
  'place.extendLink': ['ok', 'ok', 403, 403, 404, 'ok', 404],
  // DESIGN §11: only the family linked to the child adds a home observation; the teachers answer it, an evaluator does not.
  'place.addHomeObservation': [403, 403, 403, 'ok', 404, 403, 404],
  'homeObservation.read': ['ok', 'ok', 403, 'ok', 404, 'ok', 404],
  'homeObservation.answer': ['ok', 'ok', 403, 403, 404, 'ok', 404],
  // Its author only, known while linked to the child (an author with a class role cannot be: only families add them).
  'homeObservation.withdraw': [403, 403, 403, 403, 404, 'ok', 404],
  // DESIGN §12: only the student themself (`linked`, said by the service of a student account alone) rates themself.
  'place.selfAssess': [403, 403, 403, 'ok', 404, 403, 404],
  'place.readSelfAssessments': ['ok', 'ok', 'ok', 'ok', 404, 'ok', 404],
  // DESIGN §11 messages: teachers and the child's family; an evaluator knows the place but has no say, nor sees its conversation.
  'place.message': ['ok', 'ok', 403, 'ok', 404, 'ok', 404],
  'class.announce': ['ok', 'ok', 403, 404, 404, 'ok', 404],
  'conversation.read': ['ok', 'ok', 404, 'ok', 404, 'ok', 404],
  'message.read': ['ok', 'ok', 404, 'ok', 404, 'ok', 404],
  'classTeacher.read': ['ok', 'ok', 'ok', 404, 404, 'ok', 404],
  'classTeacher.remove': ['ok', 403, 403, 404, 404, 'ok', 404],
  'teacherInvitation.read': ['ok', 'ok', 404, 404, 'ok', 'ok', 404],
  'teacherInvitation.answer': ['ok', 403, 404, 404, 403, 403, 404],
  'studentInvitation.read': ['ok', 'ok', 404, 404, 'ok', 'ok', 404],
  'studentInvitation.answer': ['ok', 'ok', 404, 404, 403, 'ok', 404],
  'studentLink.read': ['ok', 'ok', 404, 404, 'ok', 'ok', 404],
  'studentLink.unlink': ['ok', 'ok', 404, 404, 'ok', 'ok', 404],
  // A rating's author edits it while in the class; with no role left they no longer may (the rating is then unseen).
  'rating.edit': ['ok', 403, 403, 403, 404, 'ok', 404],
  'skill.edit': [403, 403, 403, 404, 'ok', 'ok', 404],
  // DESIGN §11: an evaluator reads a rating's comments (those seen by all) but neither comments nor reacts.
  'rating.readComments': ['ok', 'ok', 'ok', 'ok', 404, 'ok', 404],
  'rating.comment': ['ok', 'ok', 403, 'ok', 404, 'ok', 404],
  'rating.react': ['ok', 'ok', 403, 'ok', 404, 'ok', 404],
  // A comment is known by the class's teachers, its author, and whom the SQL lets see it (not in these rows).
  'comment.delete': ['ok', 'ok', 404, 404, 'ok', 'ok', 404],
  'comment.hide': ['ok', 'ok', 404, 404, 403, 'ok', 404],
};
const COLUMNS = Object.keys(PEOPLE) as Person[];

function answer(action: Action, s: Subject): Answer {
  try {
    authorize({ userId: ME }, action, s);
    return 'ok';
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return e.statusCode as 403 | 404;
  }
}

describe('authorize: DESIGN §2, action by action', () => {
  it('the grids name every action of the table, and no other', () => {
    expect([...Object.keys(GRID), ...Object.keys(ACCOUNT_GRID)].sort()).toEqual(Object.keys(RULES).sort());
  });

  for (const action of Object.keys(GRID) as (keyof typeof GRID)[]) {
    it(action, () => {
      const got = COLUMNS.map((who) => answer(action, PEOPLE[who]));
      expect(Object.fromEntries(COLUMNS.map((c, i) => [c, got[i]]))).toEqual(
        Object.fromEntries(COLUMNS.map((c, i) => [c, GRID[action][i]])),
      );
      // `can` agrees with `authorize` wherever the subject is known (a 404 is decided before the action is asked).
      COLUMNS.forEach((who, i) => got[i] !== 404 && expect(can({ userId: ME }, action, PEOPLE[who])).toBe(got[i] === 'ok'));
    });
  }

  for (const action of Object.keys(ACCOUNT_GRID) as AccountAction[]) {
    it(action, () => {
      const columns = Object.keys(ACCOUNT_PEOPLE) as (keyof typeof ACCOUNT_PEOPLE)[];
      const got = Object.fromEntries(columns.map((who) => [who, answer(action, ACCOUNT_PEOPLE[who])]));
      expect(got).toEqual(Object.fromEntries(columns.map((c, i) => [c, ACCOUNT_GRID[action][i]])));
    });
  }

  it("a home observation's author withdraws it while linked to the child; their link ended, they know it no more", () => {
    expect(answer('homeObservation.withdraw', { role: null, linked: true, ownerId: ME })).toBe('ok');
    expect(answer('homeObservation.withdraw', { role: null, linked: false, ownerId: ME })).toBe(404);
  });

  it('a subject not found is a 404 whoever asks', () => {
    expect(() => authorize({ userId: ME }, 'class.read', null)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });

  it('the 404 and 403 say what they always said', () => {
    expect(() => authorize({ userId: ME }, 'class.edit', PEOPLE.stranger)).toThrow('Teaching class not found.');
    expect(() => authorize({ userId: ME }, 'class.export', PEOPLE.evaluator)).toThrow('Only the teachers of this class may export it.');
    expect(() => authorize({ userId: ME }, 'user.delete', ACCOUNT_PEOPLE.visible)).toThrow('You may delete only your own account.');
    expect(() => authorize({ userId: ME }, 'notification.read', ACCOUNT_PEOPLE.stranger)).toThrow('Notification not found.');
  });
});

describe('classAbilities', () => {
  it('answers each ability by the role, as authorize does for the same action', () => {
    for (const role of [ClassUserType.Creator, ClassUserType.CoTeacher, ClassUserType.Evaluator, null]) {
      const abilities = classAbilities(role);
      expect(Object.keys(abilities).sort()).toEqual([...CLASS_ABILITIES].sort());
      for (const a of CLASS_ABILITIES) expect(abilities[a]).toBe(answer(`class.${a}`, { role }) === 'ok');
    }
  });

  it('a co-teacher manages students but not teachers; an evaluator rates and reads reports only', () => {
    expect(classAbilities(ClassUserType.CoTeacher)).toMatchObject({ manageStudents: true, manageTeachers: false, edit: false });
    const evaluator = classAbilities(ClassUserType.Evaluator);
    expect(
      Object.entries(evaluator)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['rate', 'report']);
  });
});
