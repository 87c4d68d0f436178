import type { RatingCapture } from '../../entities/ratings/rating-capture';
import { RatingSheet } from './components/rating-sheet';
import { WaitingRatings } from './components/waiting-ratings';

/** The rating capture as the class and student pages take it from the app's routes (entities/ratings/rating-capture.ts). */
export const ratingCapture: RatingCapture = { Sheet: RatingSheet, Waiting: WaitingRatings };
