import {
  ACCESS_MESSAGES,
  CLASS_MESSAGES,
  HOME_OBSERVATION_MESSAGES,
  SELF_ASSESSMENT_MESSAGES,
  ClassUserType,
  ErrorText,
  INVITATION_MESSAGES,
  RATING_COMMENT_MESSAGES,
  MESSAGE_MESSAGES,
  type AccountType,
  CLASS_ABILITIES,
  type ClassAbilities,
  type ClassAbility,
} from '@skillroom/contract';
import { forbidden, notFound } from '../http/errors';
import type { Principal } from '../plugins/auth';

/*
 * DESIGN §2 as one table: who may take each action, and who may know that its subject exists (a 404 for everyone
 * else, a 403 for those who know it but may not act). Outline's `can`/`authorize` is the model rather than Immich's
 * `requireAccess`: the subject is whatever the service already read (the class role comes in the same query as the
 * resource, as it always has), so a check costs no round trip; requireAccess would query again for every check.
 */

/** A user's role in one class (spec §4): creator 0, co-teacher 1, evaluator 2, or null. */
export type ClassRole = ClassUserType | null;

/**
 * What is known about the principal and one subject: their role in its class, whether they are linked to its student
 * (a family link, DESIGN §1), and who owns it (a rating's author, a request's requester, a link's user, a co-teacher,
 * a notification's recipient, the user of a profile). Subjects of no class (a profile, a notification) have no role;
 * `visible` is what the SQL of visibility.sql.ts answered, `memberRoles` the user's roles in a subscription.
 */
export interface Subject {
  role?: ClassRole;
  linked?: boolean;
  ownerId?: number | null;
  visible?: boolean;
  memberRoles?: readonly string[];
}

/**
 * The people of DESIGN §2's columns, the owner of the subject, those the visibility SQL lets see it, and the members
 * of a subscription.
 */
type Who = 'creator' | 'coTeacher' | 'evaluator' | 'linked' | 'owner' | 'visible' | 'member';

const TEACHERS: Who[] = ['creator', 'coTeacher'];
const MEMBERS: Who[] = [...TEACHERS, 'evaluator'];

/** Answered to anyone who may not know that a class exists (DESIGN §2: 404, not 403). */
export const CLASS_NOT_FOUND = 'Teaching class not found.';

/** The resources and what answers their 404 (the messages of today, kept word for word). */
const RESOURCES = {
  class: { notFound: CLASS_NOT_FOUND, knownBy: MEMBERS },
  place: { notFound: 'Teaching class student not found.', knownBy: [...MEMBERS, 'linked'] },
  classTeacher: { notFound: ErrorText.classTeacherView, knownBy: MEMBERS },
  teacherInvitation: { notFound: ErrorText.invitationView, knownBy: [...TEACHERS, 'owner'] },
  studentInvitation: { notFound: ErrorText.invitationView, knownBy: [...TEACHERS, 'owner'] },
  studentLink: { notFound: 'Student profile user not found.', knownBy: [...TEACHERS, 'owner'] },
  /** Seeing a rating is decided in SQL (ratings.sql.ts), lists and reads alike: a linked user's is found with no role. */
  rating: { notFound: 'Rating not found.', knownBy: [...MEMBERS, 'linked'] },
  /** A comment on a rating (DESIGN §11): its author, the class's teachers, and those visibility.sql.ts lets see it. */
  comment: { notFound: RATING_COMMENT_MESSAGES.notFound, knownBy: [...TEACHERS, 'owner', 'visible'] },
  /** A family's home observation (DESIGN §11): its class's members know of it, and the family linked to its child. */
  homeObservation: { notFound: HOME_OBSERVATION_MESSAGES.notFound, knownBy: [...MEMBERS, 'linked'] },
  /** A student's self-assessment (DESIGN §12): its class's members know of it, and the users linked to its child. */
  selfAssessment: { notFound: SELF_ASSESSMENT_MESSAGES.notFound, knownBy: [...MEMBERS, 'linked'] },
  /** A custom skill is seen by its creator and the members of the classes using it (learning-skills.repository.ts). */
  skill: { notFound: 'Learning skill not found.', knownBy: [...MEMBERS, 'owner'] },
  /** Resources of no class (DESIGN §2): one's own, or what the visibility SQL lets one see. */
  user: { notFound: 'User not found.', knownBy: ['owner', 'visible'] },
  student: { notFound: 'Student not found.', knownBy: ['visible'] },
  media: { notFound: 'Media not found.', knownBy: ['visible'] },
  subscription: { notFound: 'Subscription not found.', knownBy: ['member'] },
  notification: { notFound: 'Notification not found.', knownBy: ['owner'] },
  pushToken: { notFound: 'Push token not found.', knownBy: ['owner'] },
  emailSubscription: { notFound: 'Email subscription not found.', knownBy: ['owner'] },
  /** DESIGN §11: a child's conversation is between the class's teachers and the child's linked users; evaluators never know it. */
  conversation: { notFound: 'Conversation not found.', knownBy: [...TEACHERS, 'linked'] },
  message: { notFound: 'Message not found.', knownBy: [...TEACHERS, 'linked'] },
} satisfies Record<string, { notFound: string; knownBy: Who[] }>;
type Resource = keyof typeof RESOURCES;

/** The 404 of a resource that went meanwhile (deleted between the check and the write), in the words of the check. */
export const gone = (resource: Resource) => notFound(RESOURCES[resource].notFound);

interface Rule {
  who: Who[];
  /** 403's message; "Access Denied." when none. */
  message?: string;
}

/** Every action of DESIGN §2, named `<resource>.<verb>`. */
export const RULES = {
  'class.read': { who: MEMBERS },
  /** Edit, finish / reopen, change owner, regenerate the invitation code. */
  'class.edit': { who: ['creator'], message: ErrorText.classManage },
  'class.delete': { who: ['creator'], message: ErrorText.classManage },
  'class.rate': { who: MEMBERS },
  'class.report': { who: MEMBERS },
  /** Add, edit, remove and copy students. */
  'class.manageStudents': { who: TEACHERS, message: ErrorText.classManage },
  /** Approve or reject teacher invitations, remove a co-teacher. */
  'class.manageTeachers': { who: ['creator'], message: INVITATION_MESSAGES.creatorAnswers },
  /** Approve or reject student-profile invitations, extend a family link to the class. */
  'class.manageLinks': { who: TEACHERS, message: INVITATION_MESSAGES.classTeachersAnswer },
  /** The class and student codes, and the requesters' e-mails, are for the class's teachers. */
  'class.seeCodes': { who: TEACHERS },
  'class.printLetters': { who: TEACHERS, message: 'You are not authorized to print the family letters of this class.' },
  /** Choose the class's learning skills, make custom ones from it. */
  'class.manageSkills': { who: TEACHERS },
  /** Adopt a framework's skills in one step (DESIGN §12): who may edit the class. */
  'class.adoptFramework': { who: ['creator'], message: ErrorText.classManage },
  /** Coverage per teacher (DESIGN §12): how many ratings each teacher gave is for the class creator. */
  'class.seeTeacherCoverage': { who: ['creator'] },
  'class.export': { who: TEACHERS, message: 'Only the teachers of this class may export it.' },
  'class.readAccessLog': { who: ['creator'], message: ACCESS_MESSAGES.accessLogCreator },
  'place.read': { who: [...MEMBERS, 'linked'] },
  'place.manage': { who: TEACHERS, message: ErrorText.classManage },
  'place.export': {
    who: [...TEACHERS, 'linked'],
    message: 'Only the teachers of this class and the family linked to this student may export the record.',
  },
  /** A home observation of the child (DESIGN §11): only a user linked to this place in this class adds one. */
  'place.addHomeObservation': { who: ['linked'], message: HOME_OBSERVATION_MESSAGES.linkedOnly },
  /**
   * Rate oneself (DESIGN §12): only the student themself, a student account linked to this place (the service says
   * `linked` of that account alone); their family and the teachers know the place but may not.
   */
  'place.selfAssess': { who: ['linked'], message: SELF_ASSESSMENT_MESSAGES.studentOnly },
  /** Read a child's self-assessments: the class's members, the student themself and their family (DESIGN §12). */
  'place.readSelfAssessments': { who: [...MEMBERS, 'linked'] },
  /** Write in the child's conversation (DESIGN §11): an evaluator knows the place, but has no say in it. */
  'place.message': { who: [...TEACHERS, 'linked'], message: MESSAGE_MESSAGES.writers },
  /** One message to every linked family of the class (DESIGN §11). */
  'class.announce': { who: TEACHERS, message: MESSAGE_MESSAGES.announcers },
  'conversation.read': { who: [...TEACHERS, 'linked'] },
  'message.read': { who: [...TEACHERS, 'linked'] },
  'classTeacher.read': { who: MEMBERS },
  /** The creator removes a co-teacher; a co-teacher removes only themselves (leaves). */
  'classTeacher.remove': { who: ['creator', 'owner'], message: INVITATION_MESSAGES.removeTeacher },
  'teacherInvitation.read': { who: [...TEACHERS, 'owner'] },
  'teacherInvitation.answer': { who: ['creator'], message: INVITATION_MESSAGES.creatorAnswers },
  'studentInvitation.read': { who: [...TEACHERS, 'owner'] },
  'studentInvitation.answer': { who: TEACHERS, message: INVITATION_MESSAGES.classTeachersAnswer },
  /** The subject's role is the strongest the user has in any class of the link's student. */
  'studentLink.read': { who: [...TEACHERS, 'owner'] },
  'studentLink.unlink': { who: [...TEACHERS, 'owner'], message: ACCESS_MESSAGES.unlink },
  /** Extend a family link to this place (DESIGN §1): as `class.manageLinks`, in the words of the extension. */
  'place.extendLink': { who: TEACHERS, message: ACCESS_MESSAGES.extendTeachers },
  /** The class's creator any rating; its author while they still have a role in the class. */
  'rating.edit': { who: ['creator', 'owner'] },
  /** Read a rating's comments (DESIGN §11): which ones each reader sees is ratingCommentVisibleSql. */
  'rating.readComments': { who: [...MEMBERS, 'linked'] },
  /** Comment on or give a heart to a rating: its class's teachers and the families of a child it is about (`linked`). */
  'rating.comment': { who: [...TEACHERS, 'linked'], message: RATING_COMMENT_MESSAGES.notYours },
  'rating.react': { who: [...TEACHERS, 'linked'], message: RATING_COMMENT_MESSAGES.notYours },
  'comment.delete': { who: [...TEACHERS, 'owner'], message: RATING_COMMENT_MESSAGES.deleteOwn },
  'comment.hide': { who: TEACHERS, message: RATING_COMMENT_MESSAGES.hideTeachers },
  /** Home observations: the class's teachers and the family linked to the child read them; evaluators do not. */
  'homeObservation.read': { who: [...TEACHERS, 'linked'], message: HOME_OBSERVATION_MESSAGES.teachersAnswer },
  /** Approve or reject: the class's creator and co-teachers (an evaluator may not, DESIGN §11). */
  'homeObservation.answer': { who: TEACHERS, message: HOME_OBSERVATION_MESSAGES.teachersAnswer },
  /**
   * Withdraw one not approved (DESIGN §11): only its author, while linked to the child (else they know it no more); the
   * child's other family members and the teachers may not (teachers reject with a reason the family reads).
   */
  'homeObservation.withdraw': { who: ['owner'], message: HOME_OBSERVATION_MESSAGES.withdrawOwn },
  /** A custom skill and its actions: its creator only; using it in one's class never grants the right (DESIGN §2). */
  'skill.edit': { who: ['owner'] },
  /** A profile: seen by its user and those who share a class or a subscription with them (visibility.sql.ts). */
  'user.read': { who: ['owner', 'visible'] },
  'user.edit': { who: ['owner'], message: 'You are not authorized to manage this user.' },
  /** Only one's own account (DESIGN §6 "Accounts"); an administrator does not delete others' through the API. */
  'user.delete': { who: ['owner'], message: 'You may delete only your own account.' },
  'student.read': { who: ['visible'] },
  /** Catalogue, own uploads, and media attached to something the user sees (media.policy.ts, media-visibility.sql.ts). */
  'media.read': { who: ['visible'] },
  /** The file itself, fetched signed in: the same rule, answered 403 (spec §6, the file routes' own answer). */
  'media.fetch': { who: ['visible'], message: ErrorText.mediaAccess },
  'subscription.read': { who: ['member'] },
  'notification.read': { who: ['owner'] },
  'pushToken.read': { who: ['owner'] },
  /** One's own e-mail choices (DESIGN §11); `POST` makes them for oneself only. */
  'emailSubscription.read': { who: ['owner'] },
  'emailSubscription.edit': { who: ['owner'], message: 'You may change only your own e-mail subscription.' },
} satisfies Record<`${Resource}.${string}`, Rule> & Record<`class.${ClassAbility}`, Rule>;
export type Action = keyof typeof RULES;

const ROLE_OF: Partial<Record<Who, ClassUserType>> = {
  creator: ClassUserType.Creator,
  coTeacher: ClassUserType.CoTeacher,
  evaluator: ClassUserType.Evaluator,
};

function matches(who: Who, p: Pick<Principal, 'userId'>, s: Subject, resource: Resource): boolean {
  if (who === 'linked') return s.linked === true;
  if (who === 'visible') return s.visible === true;
  if (who === 'member') return (s.memberRoles?.length ?? 0) > 0;
  // A rating's author edits it only while they are in the class (DESIGN §2: "its author", of the class).
  if (who === 'owner') return s.ownerId === p.userId && (resource !== 'rating' || (s.role ?? null) !== null);
  return s.role === ROLE_OF[who];
}

/** The class roles an action's rule names, for SQL that lists what a user may see (class-roles.ts). */
export const rolesOf = (action: Action) =>
  (RULES[action] as Rule).who.filter((w): w is 'creator' | 'coTeacher' | 'evaluator' => ROLE_OF[w] !== undefined);

const resourceOf = (action: Action) => action.slice(0, action.indexOf('.')) as Resource;

/** Whether the user may take the action on the subject. */
export function can(p: Pick<Principal, 'userId'>, action: Action, s: Subject): boolean {
  const resource = resourceOf(action);
  return (RULES[action] as Rule).who.some((w) => matches(w, p, s, resource));
}

/** Whether a role allows the action, for rules that name no owner and no link (presenters know roles, not users). */
export const roleMay = (role: ClassRole, action: Action) => can({ userId: Number.NaN }, action, { role });

/** Whether the role is one of the class's teachers (creator or co-teacher): "teaches this class", said once. */
export const teaches = (role: ClassRole) => TEACHERS.some((w) => ROLE_OF[w] === role);

/** Whether the user may know the subject exists at all (else 404, DESIGN §2). */
export function knows(p: Pick<Principal, 'userId'>, resource: Resource, s: Subject): boolean {
  return (RESOURCES[resource].knownBy as Who[]).some((w) => matches(w, p, s, resource));
}

/**
 * Throws unless the user may take the action: 404 (the resource's own message) when they may not know the subject
 * exists or it was not found (`null`), 403 (the action's message) when they know it but may not act.
 */
export function authorize<S extends Subject>(p: Pick<Principal, 'userId'>, action: Action, s: S | null | undefined): asserts s is S {
  const resource = resourceOf(action);
  if (!s || !knows(p, resource, s)) throw notFound(RESOURCES[resource].notFound);
  if (!can(p, action, s)) throw forbidden((RULES[action] as Rule).message);
}

/** The row found (or null), once the user may take the action on it: `subjectOf` says what is known of it. */
export function authorized<T>(p: Pick<Principal, 'userId'>, action: Action, row: T | null | undefined, subjectOf: (row: T) => Subject): T {
  authorize(p, action, row ? subjectOf(row) : null);
  return row!;
}

/** Throws 403 unless the user may take the action, for a subject they were already found to know (by SQL, say). */
export function permit(p: Pick<Principal, 'userId'>, action: Action, s: Subject): void {
  if (!can(p, action, s)) throw forbidden((RULES[action] as Rule).message);
}

/** What the signed-in user may do with a class, for the web app (DESIGN §14): the class actions of the table by role. */
export function classAbilities(role: ClassRole): ClassAbilities {
  return Object.fromEntries(CLASS_ABILITIES.map((a) => [a, roleMay(role, `class.${a}`)])) as ClassAbilities;
}

const LINK_ACCOUNTS = ['parent_user', 'other_user', 'student_user'] satisfies AccountType[];

/**
 * What an account's type lets it start (DESIGN §1): teachers make classes and skills and join classes; families link.
 * The 403 of everyone else says so.
 */
export const ACCOUNT_RULES = {
  'class.create': { types: ['teacher'], message: CLASS_MESSAGES.teachersOnly },
  'skill.create': { types: ['teacher'] },
  'teacherInvitation.create': { types: ['teacher'], message: INVITATION_MESSAGES.teachersOnly },
  'studentInvitation.create': { types: LINK_ACCOUNTS, message: INVITATION_MESSAGES.linkUsersOnly },
} satisfies Record<string, { types: AccountType[]; message?: string }>;
type AccountAction = keyof typeof ACCOUNT_RULES;

export const accountMay = (accountType: string | null, action: AccountAction) =>
  (ACCOUNT_RULES[action].types as string[]).includes(accountType ?? '');

/** Throws 403 (the rule's message) unless the account's type lets it start the action. */
export function permitAccount(accountType: string | null, action: AccountAction): void {
  if (!accountMay(accountType, action)) throw forbidden((ACCOUNT_RULES[action] as { message?: string }).message);
}
