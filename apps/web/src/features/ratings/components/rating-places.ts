import { refToId } from '@skillroom/contract/rules';
import type { Rating } from '@skillroom/contract/types';

/** The places a rating names, as ids. */
export const ratingPlaceIds = (r: Rating) => r.students.map((s) => refToId(s)).filter((n): n is number => n !== null);
