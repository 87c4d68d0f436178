import { z } from 'zod';
import { V, refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { personName } from './names';
import { jsonLdObject, stampFields } from './responses';
import { RATING_COMMENT_MAX, RATING_COMMENT_PAGE_SIZE } from '../rating-comment-rules';

/** What a comment shows but is not written through its body. */
const commentReadOnly = ['author', 'teachingClassStudent', 'canDelete', 'canHide', 'isHidden'];

/** `POST /rating-comment` (DESIGN §11): cleaned like a name (control characters dropped), 1 to 2000 characters. */
export const ratingCommentCreateBody = writeBody({ rating: refSchema, text: personName(RATING_COMMENT_MAX) }, commentReadOnly);
export type RatingCommentCreateBody = z.input<typeof ratingCommentCreateBody>;

/** `PATCH /rating-comment/{id}`: a teacher of the class hides or shows it again. */
export const ratingCommentPatchBody = writeBody({ isHidden: z.boolean({ error: V.type }) }, [
  'author',
  'teachingClassStudent',
  'canDelete',
  'canHide',
  'rating',
  'text',
]);
export type RatingCommentPatchBody = z.input<typeof ratingCommentPatchBody>;

export const ratingCommentListQuery = listQuery({ 'rating.id': filter.ids() }, RATING_COMMENT_PAGE_SIZE);
export const ratingReactionListQuery = listQuery({ 'rating.id': filter.ids() }, RATING_COMMENT_PAGE_SIZE);

const commentAuthorSchema = z.strictObject({
  '@id': z.string(),
  '@type': z.string(),
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * A comment as its reader may see it: a family's carries the place of the commenter's child (null for a teacher's).
 * `isHidden` comments reach only the class's teachers.
 */
export const ratingCommentSchema = jsonLdObject('RatingComment', {
  ...stampFields,
  rating: z.string(),
  text: z.string(),
  author: commentAuthorSchema,
  /** The commenter's child's place (a family's comment), or null (a teacher's, seen by all who see the rating). */
  teachingClassStudent: z.string().nullable(),
  /** True when the commenter teaches the class. */
  byTeacher: z.boolean(),
  isHidden: z.boolean(),
  /** Whether the reader may delete it (its author, a teacher of the class) or hide it (a teacher). */
  canDelete: z.boolean(),
  canHide: z.boolean(),
});
export type RatingComment = z.output<typeof ratingCommentSchema>;

/**
 * A rating's hearts and comments as the reader may see them (the feed's card asks once per page of ratings): counts
 * of what the reader sees, whether they gave a heart, and whether they may comment or react.
 */
export const ratingReactionSummarySchema = jsonLdObject('RatingReactions', {
  rating: z.string(),
  hearts: z.number().int(),
  reacted: z.boolean(),
  comments: z.number().int(),
  canComment: z.boolean(),
  canReact: z.boolean(),
});
export type RatingReactionSummary = z.output<typeof ratingReactionSummarySchema>;
