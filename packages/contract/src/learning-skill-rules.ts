// Apart from the schemas beside them, free of zod: screens that show these (the rating feed, the skill form, the report's range)
// would otherwise load and build the schemas too.

/** Limits of the learning-skill catalogue and of custom skills (DESIGN §3). */
export const LEARNING_SKILL_LIMITS = {
  nameMax: 100,
  actionNameMax: 200,
  /** Actions per skill; the catalogue ships 3 to 5. */
  actionsMax: 50,
} as const;

export const LEARNING_SKILL_MESSAGES = {
  colorCode: 'This value should be a colour such as #1a7f5a.',
  catalogue: 'The catalogue skills cannot be changed.',
  alreadyInClass: 'This skill is already used by this class.',
  notInClass: 'This learning action belongs to a skill this class does not use.',
  actionInUse: 'This learning action has ratings and cannot be deleted.',
} as const;
