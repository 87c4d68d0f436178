import { refToId } from '@skillroom/contract/rules';
import type { TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { CodeCard } from '../../../components/code-card';
import { Button } from '../../../components/ui/button';
import { downloadFamilyLetters } from '../../../entities/teaching-class-students/family-letters-api';
import { placeKey } from '../../../entities/teaching-class-students/place-api';
import { track } from '../../../lib/analytics';
import { regenerateStudentCode } from '../api/student-code-api';

/**
 * The student's family code: copy it, download the family letter with it (the class letters' PDF for this one
 * student, in the family's language), or replace it when it has gone too far.
 */
export function StudentCodeCard({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  if (!place.invitationCode) return null;

  const letter = async () => {
    setBusy(true);
    try {
      await downloadFamilyLetters(refToId(place.teachingClass)!, [place.id]);
    } catch {
      toast.error(intl.formatMessage({ id: 'web_common_fetch_failed' }));
    } finally {
      setBusy(false);
    }
  };

  const regenerate = async () => {
    const updated = await regenerateStudentCode(place.id);
    await mutate(placeKey(place.id), updated, { revalidate: false });
    void track({ name: 'student_code_regenerated', screen: 'Student management' });
    return updated.invitationCode;
  };

  return (
    <CodeCard
      title={<FormattedMessage id="web_student_code_label" />}
      label={intl.formatMessage({ id: 'web_student_code_label' })}
      hint={<FormattedMessage id="web_student_code_hint" />}
      code={place.invitationCode}
      regenerate={regenerate}
      confirmBody={<FormattedMessage id="web_student_links_code_confirm_body" values={{ code: place.invitationCode }} />}
    >
      <div className="border-t border-slate-200 pt-3">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_student_links_letter_hint" />
        </p>
        <Button variant="secondary" className="mt-2" busy={busy} onClick={() => void letter()}>
          <FormattedMessage id="web_student_links_print" />
        </Button>
      </div>
    </CodeCard>
  );
}
