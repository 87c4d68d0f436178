// Apart from schemas/teaching-class.ts, free of zod: the class screens read these without building the schemas.

export const CLASS_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date.',
  year: 'This value should be a year between 1900 and 2200.',
  teachersOnly: 'Only a teacher account can create a class.',
  /** A finished class is read-only until its creator reopens it (DESIGN §7): every change to its content answers 409. */
  finished: 'This class is finished: reopen it to change it.',
} as const;

/** Points a quick rating gives in this class (DESIGN §7); the API's default for a rating without `points` stays 1. */
export const CLASS_DEFAULT_POINTS = { min: 1, max: 5, default: 3 } as const;

/** The class actions of DESIGN §2 a client shows or hides; the server decides them all by the same table. */
export const CLASS_ABILITIES = [
  'edit',
  'delete',
  'rate',
  'report',
  'manageStudents',
  'manageTeachers',
  'manageLinks',
  'manageSkills',
  'adoptFramework',
  'printLetters',
  'export',
  'readAccessLog',
  'announce',
] as const;
export type ClassAbility = (typeof CLASS_ABILITIES)[number];
export type ClassAbilities = Record<ClassAbility, boolean>;
