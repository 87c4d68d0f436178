import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { useScreenView } from '../../../lib/analytics';
import { RatingEditForm } from '../components/rating-edit-form';
import { RatingGate, type RatingView } from '../components/rating-gate';

/** `/teaching-class/{id}/rating/{ratingId}/edit` and `.../student/{tcsId}/rating/{ratingId}/edit` (spec §2). */
export function RatingEditRoute() {
  return <RatingGate>{(view) => <RatingEdit {...view} key={view.rating.id} />}</RatingGate>;
}

function RatingEdit(view: RatingView) {
  const fromStudent = useParams().teachingClassStudentId !== undefined;
  useScreenView(fromStudent ? 'Edit Rating (Student)' : 'Edit Rating (Class)');
  return (
    <Page narrow title={<FormattedMessage id="web_rating_edit_title" />}>
      <RatingEditForm {...view} />
    </Page>
  );
}
