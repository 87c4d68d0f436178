import { Navigate } from 'react-router';

/**
 * `/teaching-class/{id}/rating/{ratingId}/edit/action`, from before the one editor (DESIGN §7): the action is changed
 * there now, so an old link lands on it.
 */
export function RatingActionRoute() {
  return <Navigate to=".." relative="path" replace />;
}
