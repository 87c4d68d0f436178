import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { mutate } from 'swr';
import { ForbiddenContent } from '../../../components/error-content';
import { buttonClass } from '../../../components/ui/button';
import { Card, Page } from '../../../components/ui/page';
import { track, useScreenView } from '../../../lib/analytics';
import { fullName, may, revalidateClassData } from '../../../lib/teaching-classes';
import { placeKey } from '../../../entities/teaching-class-students/place-api';
import { patchPlace } from '../api/students-api';
import { PlaceGate, type PlaceView } from '../../../entities/teaching-class-students/place-gate';
import { StudentForm, studentBody, studentValues, type StudentFormValues } from '../components/student-form';

export function StudentEditRoute() {
  return (
    <PlaceGate>
      {(view) => (may(view.cls, 'manageStudents') ? <StudentEdit {...view} key={view.place.id} /> : <ForbiddenContent />)}
    </PlaceGate>
  );
}

/** Changes a student's names, code and picture in this class (the other classes keep their own). */
function StudentEdit({ place, basePath }: PlaceView) {
  useScreenView('Edit Student');
  const intl = useIntl();
  const navigate = useNavigate();
  const [initial] = useState(() => studentValues(place));
  const saved = useRef<StudentFormValues>(initial);

  const save = async (v: StudentFormValues) => {
    const before = studentBody(saved.current) as Record<string, unknown>;
    // PATCH carries the changed fields only (spec §7).
    const body = Object.fromEntries(Object.entries(studentBody(v)).filter(([k, x]) => JSON.stringify(x) !== JSON.stringify(before[k])));
    if (Object.keys(body).length) {
      const updated = await patchPlace(place.id, body);
      saved.current = v;
      await mutate(placeKey(place.id), updated, { revalidate: false });
      void revalidateClassData();
      void track({ name: 'student_updated', screen: 'Edit Student' });
    }
    toast.success(
      intl.formatMessage({ id: 'web_student_edit_saved' }, { name: fullName({ firstName: v.firstName, lastName: v.lastName }) }),
    );
    navigate(basePath);
  };

  return (
    <Page
      title={<FormattedMessage id="web_student_edit_title" values={{ name: fullName(place) }} />}
      narrow
      actions={
        <Link to={basePath} className={buttonClass('secondary')}>
          <FormattedMessage id="web_student_edit_back" />
        </Link>
      }
    >
      <Card>
        <StudentForm initial={initial} submitLabel={<FormattedMessage id="web_common_save" />} onSave={save} />
      </Card>
    </Page>
  );
}
