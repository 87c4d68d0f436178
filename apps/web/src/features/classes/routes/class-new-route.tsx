import type { User } from '@skillroom/contract/types';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ForbiddenContent } from '../../../components/error-content';
import { buttonClass } from '../../../components/ui/button';
import { Card, Page } from '../../../components/ui/page';
import { track, useScreenView } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { revalidateClassData } from '../../../lib/teaching-classes';
import { createClass } from '../api/class-form-api';
import { ClassForm } from '../components/class-form';
import { classBody, newClassValues, type ClassFormValues } from '../components/class-form-state';

/** The class belongs to the creator's school (it may be none). */
function schoolOf(user: User | null) {
  const s = user?.school;
  if (!s) return { iri: null, name: null };
  return typeof s === 'string' ? { iri: s, name: null } : { iri: s['@id'], name: s.name };
}

export function ClassNewRoute() {
  const { user } = useCurrentUser();
  // The server refuses a class from any other account type (DESIGN §1): say so before the form is filled.
  if (user && user.accountType !== 'teacher') return <ForbiddenContent />;
  return <ClassNew user={user} />;
}

function ClassNew({ user }: { user: User | null }) {
  useScreenView('New Class');
  const intl = useIntl();
  const navigate = useNavigate();
  const school = schoolOf(user);

  const save = async (v: ClassFormValues) => {
    const created = await createClass(classBody(v, school.iri));
    void revalidateClassData();
    void track({ name: 'class_created', screen: 'New Class', properties: { isIndividual: created.isIndividual, subscription: Boolean(created.subscription) } });
    toast.success(intl.formatMessage({ id: 'web_class_new_created' }, { name: created.name }));
    navigate(`/teaching-class/${created.id}`);
  };

  return (
    <Page title={<FormattedMessage id="web_class_new_title" />} narrow>
      <Card>
        <ClassForm
          initial={newClassValues()}
          preselectSubscription
          schoolName={school.name}
          submitLabel={<FormattedMessage id="web_class_new_submit" />}
          onSave={save}
          footer={
            <Link to="/" className={buttonClass('ghost')}>
              <FormattedMessage id="web_classes_cancel" />
            </Link>
          }
        />
      </Card>
    </Page>
  );
}
