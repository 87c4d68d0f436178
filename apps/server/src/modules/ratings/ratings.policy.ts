import { can, type ClassRole } from '../../class-access/access-rules';

/**
 * The rating rules of DESIGN §2, as the rating services ask them (the table is class-access/access-rules.ts). Seeing
 * one is decided in SQL (ratings.sql.ts), for lists and reads alike.
 */
export const ratingsPolicy = {
  /** Edit or delete: the class's creator any rating; a co-teacher or evaluator their own, while they are in the class. */
  canEdit: (r: ClassRole, creatorId: number | null, userId: number) => can({ userId }, 'rating.edit', { role: r, ownerId: creatorId }),
};
