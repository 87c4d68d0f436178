import type { TeachingClass } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { track } from '../../../lib/analytics';
import { classKey, revalidateClassData } from '../../../lib/teaching-classes';
import { patchClass } from '../api/class-form-api';

/** Finish a class when it ends (it moves to "Finished" on the dashboard), or reopen it. */
export function ClassStatusCard({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const finished = cls.isFinished;

  const toggle = async () => {
    setBusy(true);
    try {
      const updated = await patchClass(cls.id, { isFinished: !finished });
      await mutate(classKey(cls.id), updated, { revalidate: false });
      void revalidateClassData();
      void track({ name: finished ? 'class_reopened' : 'class_finished', screen: 'Edit Class' });
      toast.success(intl.formatMessage({ id: finished ? 'web_class_status_reopened' : 'web_class_status_finished' }));
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_class_status_title" />}>
      <p className="text-sm text-slate-700">
        <FormattedMessage id={finished ? 'web_class_status_is_finished' : 'web_class_status_is_current'} />
      </p>
      <Button variant={finished ? 'primary' : 'secondary'} busy={busy} onClick={() => void toggle()}>
        <FormattedMessage id={finished ? 'web_class_status_reopen' : 'web_class_status_finish'} />
      </Button>
    </CardSection>
  );
}
