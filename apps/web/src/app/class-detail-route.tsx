import { ClassDetailRoute as ClassDetail } from '../features/classes/routes/class-detail-route';
import { ratingCapture } from '../features/ratings/capture';

/** The class page with the rating capture in it: features import no other feature, so the app composes the two. */
export function ClassDetailRoute() {
  return <ClassDetail capture={ratingCapture} />;
}
