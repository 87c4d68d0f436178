import type { TeachingClass } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { classFeeds, deleteRating, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { ApiError } from '../../../lib/api-client';

/** Delete, after asking: the rating and its files go for good. */
export function DeleteRating({ ratingId, cls, backPath }: { ratingId: number; cls: TeachingClass; backPath: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteRating(ratingId);
      toast.success(intl.formatMessage({ id: 'web_rating_deleted' }));
      navigate(backPath, { replace: true });
      await revalidateRatings(classFeeds(cls), ratingId);
    } catch (e) {
      toast.error(e instanceof ApiError && e.status !== 0 ? e.message : intl.formatMessage({ id: 'web_rating_delete_failed' }));
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="danger-ghost" onClick={() => setOpen(true)}>
        <FormattedMessage id="web_rating_delete" />
      </Button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id="web_rating_delete_title" />}
        confirmLabel={<FormattedMessage id="web_rating_delete" />}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <FormattedMessage id="web_rating_delete_body" />
      </ConfirmDialog>
    </>
  );
}
