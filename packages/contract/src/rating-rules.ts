// Apart from the schemas beside them, free of zod: screens that show these (the rating feed, the skill form, the report's range)
// would otherwise load and build the schemas too.

/** Points of a rating: an integer 1 to 5, 1 when not given (DESIGN §3). */
export const RATING_POINTS = { min: 1, max: 5, default: 1 } as const;
export const RATING_DESCRIPTION_MAX = 5000;
/** Who a rating comes from: the class's teachers, or a family's home observation a teacher approved (DESIGN §11). */
export const RATING_SOURCES = ['teacher', 'home'] as const;
export type RatingSource = (typeof RATING_SOURCES)[number];
/** Students one rating may name, and attachments one rating may carry. */
export const RATING_LIMITS = { students: 1000, medias: 20 } as const;
/** Ratings per page of the feeds (class, student). */
export const RATING_PAGE_SIZE = 20;

export const RATING_MESSAGES = {
  points: `This value should be between ${RATING_POINTS.min} and ${RATING_POINTS.max}.`,
  studentNotInClass: "This student has no place in the rating's class.",
  skillMismatch: 'This learning action does not belong to this learning skill.',
  /** POST /rating: a rating names a skill, an action of it, or both (DESIGN §14). */
  actionOrSkill: 'Name a learning skill, a learning action, or both.',
  skillNotInClass: 'This class does not use this learning skill.',
  mediaType: 'Only photos, videos, audio and files (media types 34 to 37) can be attached to a rating.',
  mediaNotYours: 'Only your own uploads can be attached.',
  mediaAttached: 'This media is already attached to a rating.',
  studentAlreadyRated: 'This student is already named by this rating.',
  dateRange: 'The end date must not be before the start date.',
  /** DESIGN §7: a rating's date lies within its class's start and end, and not after today. */
  dateBeforeClass: "The date must not be before the class's start date.",
  dateAfterClass: "The date must not be after the class's end date.",
  dateInFuture: 'The date must not be in the future.',
} as const;
