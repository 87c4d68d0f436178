import { refToId } from '@skillroom/contract/rules';
import type { StudentProfileUser, TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { revalidateStudentLinks, useStudentLinks } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { fullName } from '../../../lib/teaching-classes';
import { extendLink } from '../api/access-api';

/** One person linked to the student elsewhere, with the classes they are linked in. */
interface Elsewhere {
  link: StudentProfileUser;
  classes: string[];
}

/** People linked to the student in other classes and not in this one: each is added here in one click (DESIGN §2). */
function elsewhere(links: StudentProfileUser[], placeId: number): Elsewhere[] {
  const here = new Set(links.filter((l) => refToId(l.teachingClassStudent) === placeId).map((l) => l.user.id));
  const byUser = new Map<number, Elsewhere>();
  for (const l of links) {
    if (here.has(l.user.id)) continue;
    const seen = byUser.get(l.user.id);
    if (seen) seen.classes.push(l.teachingClass.name);
    else byUser.set(l.user.id, { link: l, classes: [l.teachingClass.name] });
  }
  return [...byUser.values()];
}

export function OtherClassLinks({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const { data, error } = useStudentLinks({ 'student.id': refToId(place.student) });
  const [busy, setBusy] = useState<number | null>(null);
  const people = elsewhere(data?.['hydra:member'] ?? [], place.id);
  const student = fullName(place);
  if (!error && (!data || people.length === 0)) return null;

  const extend = async (e: Elsewhere) => {
    const name = fullName(e.link.user);
    setBusy(e.link.id);
    try {
      await extendLink(e.link.id, place.id);
      void track({ name: 'student_profile_user_extended', screen: 'Student management' });
      toast.success(intl.formatMessage({ id: 'web_access_extended' }, { name, student }));
    } catch {
      toast.error(intl.formatMessage({ id: 'web_access_extend_failed' }, { name }));
    } finally {
      setBusy(null);
      void revalidateStudentLinks();
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_access_other_classes_title" values={{ count: people.length }} />}>
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_access_other_classes_hint" values={{ student }} />
      </p>
      <ul className="divide-y divide-slate-100">
        {people.map((e) => {
          const name = fullName(e.link.user);
          return (
            <li key={e.link.user.id} className="flex flex-wrap items-center gap-3 py-3">
              <Avatar media={e.link.user.avatar} name={name} size={40} />
              <div className="min-w-40 flex-1">
                <p className="font-medium break-words">{name}</p>
                <p className="text-sm break-words text-slate-600">
                  <FormattedMessage id={`web_account_type_${e.link.user.accountType}`} /> ·{' '}
                  <FormattedMessage id="web_access_linked_in" values={{ classes: e.classes.join(', ') }} />
                </p>
              </div>
              <Button
                variant="secondary"
                busy={busy === e.link.id}
                disabled={busy !== null}
                onClick={() => void extend(e)}
                aria-label={intl.formatMessage({ id: 'web_access_extend_named' }, { name })}
              >
                <FormattedMessage id="web_access_extend" />
              </Button>
            </li>
          );
        })}
      </ul>
    </CardSection>
  );
}
