import { z } from 'zod';

/**
 * What removing a student's place takes with it (issue 36 §7, DESIGN §6), asked before the teacher confirms:
 * `GET /teaching-class-student/{id}/erasure`. Counted by the same rules the erasure then applies.
 */
export const placeErasureSchema = z.object({
  '@context': z.string().optional(),
  '@id': z.string().optional(),
  '@type': z.literal('PlaceErasure'),
  /** Ratings that name only this student: erased with their photos, videos, audio and files. */
  ratingsErased: z.number().int().nonnegative(),
  /** Ratings that name others too: they stay, without this student. */
  ratingsKept: z.number().int().nonnegative(),
  /** Media erased with those ratings (attachments no other rating keeps). */
  mediaErased: z.number().int().nonnegative(),
  /** Users linked to the student in this class: their link ends and they are told (notification type 15). */
  familyLinks: z.number().int().nonnegative(),
  /** Requests to link that wait for an answer: they go. */
  pendingRequests: z.number().int().nonnegative(),
  /** The student's places in other classes, which stay. */
  otherClasses: z.number().int().nonnegative(),
  /** True when this is the student's last place: the Student goes too, with their access log. */
  studentErased: z.boolean(),
});
export type PlaceErasure = z.infer<typeof placeErasureSchema>;
