import { StudentDetailRoute as StudentDetail } from '../features/students/routes/student-detail-route';
import { ratingCapture } from '../features/ratings/capture';

/** A student's page with the rating capture in it: features import no other feature, so the app composes the two. */
export function StudentDetailRoute() {
  return <StudentDetail capture={ratingCapture} />;
}
