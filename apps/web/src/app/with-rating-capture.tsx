import type { ComponentType } from 'react';
import type { RatingCapture } from '../entities/ratings/rating-capture';
import type { ScreenParts } from './lazy-screen';

/** The capture's module as Vite's manifest names it: a page the server renders preloads its chunk (app/lazy-screen.ts). */
export const RATING_CAPTURE_MODULE = 'src/features/ratings/capture.ts';

/**
 * A screen that rates (the class page, a student's page) with the rating capture handed to it: features import no other
 * feature, so the app composes them (bulletproof-react's app routes). Both chunks are asked for at once: imported by the
 * screen's chunk, the capture's would be found only once that one had arrived (a round trip more on a first load).
 */
export function withRatingCapture(screen: Promise<ComponentType<{ capture: RatingCapture }> & ScreenParts>): Promise<ComponentType> {
  return Promise.all([screen, import('../features/ratings/capture')]).then(([Screen, { ratingCapture }]) => {
    // The screen's static members (its parts, ScreenParts) are the wrapper's.
    return Object.assign(() => <Screen capture={ratingCapture} />, Screen);
  });
}
