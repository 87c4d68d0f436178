import type { TeachingClass } from '@skillroom/contract/types';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { mutate } from 'swr';
import { ForbiddenContent, LoadError, NotFoundContent } from '../../../components/error-content';
import { buttonClass } from '../../../components/ui/button';
import { Card, Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { classKey, may, revalidateClassData, routeId, useTeachingClass } from '../../../lib/teaching-classes';
import { patchClass } from '../api/class-form-api';
import { ClassCodeCard } from '../../../components/class-code-card';
import { ClassForm } from '../components/class-form';
import { changedFields, classValues, type ClassFormValues } from '../components/class-form-state';
import { ClassOwnerCard } from '../components/class-owner-card';
import { ClassStatusCard } from '../components/class-status-card';

export function ClassEditRoute() {
  const id = routeId(useParams().teachingClassId);
  const { data, error, isLoading, mutate: reload } = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  if (error) return <LoadError error={error} onRetry={() => void reload()} />;
  if (isLoading || !data) return <Loading />;
  // Only the creator edits a class (DESIGN §2); co-teachers and evaluators see the 403 content.
  if (!may(data, 'edit')) return <ForbiddenContent />;
  return <ClassEditor cls={data} key={data.id} />;
}

function ClassEditor({ cls }: { cls: TeachingClass }) {
  useScreenView('Edit Class');
  const intl = useIntl();
  const navigate = useNavigate();
  // What the server holds now, so that PATCH carries only what the user changed.
  const [initial] = useState(() => classValues(cls));
  const saved = useRef<ClassFormValues>(initial);
  const detail = `/teaching-class/${cls.id}`;

  const save = async (v: ClassFormValues) => {
    const body = changedFields(saved.current, v);
    if (Object.keys(body).length) {
      const updated = await patchClass(cls.id, body);
      saved.current = v;
      await mutate(classKey(cls.id), updated, { revalidate: false });
      void revalidateClassData();
    }
    toast.success(intl.formatMessage({ id: 'web_class_edit_saved' }));
    navigate(detail);
  };

  return (
    <Page
      title={<FormattedMessage id="web_class_edit_title" />}
      narrow
      actions={
        <Link to={detail} className={buttonClass('secondary')}>
          <FormattedMessage id="web_classes_back_to_class" />
        </Link>
      }
    >
      <div className="space-y-6">
        <Card>
          <ClassForm initial={initial} schoolName={cls.school?.name ?? null} submitLabel={<FormattedMessage id="web_common_save" />} onSave={save} />
        </Card>
        <ClassStatusCard cls={cls} />
        <ClassCodeCard cls={cls} />
        <ClassOwnerCard cls={cls} />
      </div>
    </Page>
  );
}
