import type { ScreenName } from '@skillroom/contract/constants';
import { refToId } from '@skillroom/contract/rules';
import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { track } from '../../../lib/analytics';
import { classKey, fullName, revalidateClassData } from '../../../lib/teaching-classes';
import { deletePlace } from '../api/students-api';
import { PlaceErasureSummary } from './place-erasure-summary';

interface Props {
  /** The student to remove; the dialog is open while one is set. */
  place: TeachingClassStudent | null;
  className: string;
  screen: ScreenName;
  onClose: () => void;
  onRemoved: (place: TeachingClassStudent) => void;
  fallbackFocus?: () => HTMLElement | null;
}

/** The class without the removed place, shown at once while the server's answer is fetched again. */
const without = (place: TeachingClassStudent) => (c: TeachingClass | undefined) =>
  c && {
    ...c,
    numStudents: c.numStudents - 1,
    students: c.students?.filter((s) => s !== place.student),
    teachingClassStudents: c.teachingClassStudents?.filter((p) => p.id !== place.id),
  };

/** Asks before a student leaves the class, saying what goes and offering their record first, then removes their place. */
export function RemoveStudentDialog({ place, className, screen, onClose, onRemoved, fallbackFocus }: Props) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  // The names stay while the dialog closes, after the owner has let go of the place.
  const [shown, setShown] = useState(place);
  if (place && place !== shown) setShown(place);
  const name = shown ? fullName(shown) : '';

  const remove = async () => {
    if (!place) return;
    setBusy(true);
    try {
      await deletePlace(place.id);
      void track({ name: 'student_removed', screen });
      toast.success(intl.formatMessage({ id: 'web_student_remove_done' }, { name }));
      const classId = refToId(place.teachingClass);
      if (classId) await mutate(classKey(classId), without(place), { revalidate: false });
      onRemoved(place);
      void revalidateClassData();
    } catch {
      // Spec §8: a failed delete says so, whatever the reason.
      toast.error(intl.formatMessage({ id: 'web_classes_error_delete' }));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={place !== null}
      title={<FormattedMessage id="web_student_remove_title" values={{ name }} />}
      confirmLabel={<FormattedMessage id="web_student_remove_confirm" />}
      busy={busy}
      onConfirm={() => void remove()}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <FormattedMessage id="web_student_remove_body" values={{ name, className }} />
      {place && <PlaceErasureSummary place={place} />}
    </ConfirmDialog>
  );
}
