import type { ScreenName } from '@skillroom/contract/constants';
import type { TeachingClass } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { track } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { classKey, may, revalidateClassData } from '../../../lib/teaching-classes';
import { patchClass } from '../api/class-form-api';

/** Finishing or reopening a class (the creator's), from whichever screen offers it. */
function useStatusToggle(cls: TeachingClass, screen: ScreenName) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const finished = cls.isFinished;
  const toggle = async () => {
    setBusy(true);
    try {
      const updated = await patchClass(cls.id, { isFinished: !finished });
      await mutate(classKey(cls.id), updated, { revalidate: false });
      void revalidateClassData();
      void track({ name: finished ? 'class_reopened' : 'class_finished', screen });
      toast.success(intl.formatMessage({ id: finished ? 'web_class_status_reopened' : 'web_class_status_finished' }));
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };
  return { busy, toggle };
}

/** Finish a class when it ends (it moves to "Finished" on the dashboard), or reopen it. */
export function ClassStatusCard({ cls }: { cls: TeachingClass }) {
  const { busy, toggle } = useStatusToggle(cls, 'Edit Class');
  const finished = cls.isFinished;
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

/**
 * A finished class is read-only until reopened (DESIGN §7): its page says since when, and its creator may reopen it.
 * The day is `finishedAt` (a class finished before it was kept shows its last change instead).
 */
export function FinishedBanner({ cls }: { cls: TeachingClass }) {
  const { busy, toggle } = useStatusToggle(cls, 'Class Detail');
  const day = cls.finishedAt ?? cls.updated;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-300 bg-slate-100 px-4 py-3"
    >
      <div className="space-y-0.5">
        <p className="font-semibold text-slate-900">
          <FormattedMessage id="web_capture_finished_on" values={{ date: formatDate(day) }} />
        </p>
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_capture_finished_read_only" />
        </p>
      </div>
      {may(cls, 'edit') && (
        <Button variant="primary" busy={busy} onClick={() => void toggle()}>
          <FormattedMessage id="web_capture_reopen" />
        </Button>
      )}
    </div>
  );
}
