import { refToId, type Rating } from '@skillroom/contract';

/** The places a rating names, as ids. */
export const ratingPlaceIds = (r: Rating) => r.students.map((s) => refToId(s)).filter((n): n is number => n !== null);
