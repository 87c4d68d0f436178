import type { Rating, TeachingClass } from '@skillroom/contract/types';
import type { ComponentType } from 'react';
import type { FeedFilter } from './ratings-api';

/** Whom the sheet rates: a place, or (null) the whole class. */
export interface SheetTarget {
  studentId: number | null;
}

export interface RatingSheetProps {
  cls: TeachingClass;
  /** Open when set. */
  target: SheetTarget | null;
  onClose: () => void;
  /** A save of the full form: its observation, for the feed to show and mark. */
  onSaved?: (observation: string) => void;
}

export interface WaitingRatingsProps {
  filter: FeedFilter;
  /** The feed's ratings: a save already among them is not shown again. */
  ratings: Rating[];
  /** How many it shows, for the feed to say it is empty or to find an observation just saved. */
  onCount: (count: number) => void;
}

/**
 * What the rating capture (features/ratings) lends the screens that rate and show a feed: the class page and the
 * student page are features of their own and import no other feature, so the app's router hands it to them
 * (app/with-rating-capture.tsx).
 */
export interface RatingCapture {
  /** The rating sheet (DESIGN §7). */
  Sheet: ComponentType<RatingSheetProps>;
  /** The saves still waiting on this device for a feed, drawn at its top (issue 36 §11). */
  Waiting: ComponentType<WaitingRatingsProps>;
}
