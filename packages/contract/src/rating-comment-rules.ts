// Limits and messages of comments and reactions on a rating (DESIGN §11), free of zod: the feed's card reads them.

/** A comment is 1 to this many characters once cleaned (control characters dropped, whitespace one space). */
export const RATING_COMMENT_MAX = 2000;
/** Comments of one rating in a page of its thread. */
export const RATING_COMMENT_PAGE_SIZE = 100;

export const RATING_COMMENT_MESSAGES = {
  /** POST /rating-comment while the class's `familyComments` is off. */
  off: 'Comments are turned off in this class.',
  /** Who may comment or react: the class's teachers and the families linked to a child the rating is about. */
  notYours: 'Only the teachers of this class and the families of a child this rating is about may comment or react.',
  /** DELETE by someone who sees the comment but neither wrote it nor teaches the class. */
  deleteOwn: 'Only its author or a teacher of this class may delete this comment.',
  hideTeachers: 'Only a teacher of this class may hide a comment.',
  notFound: 'Rating comment not found.',
} as const;
