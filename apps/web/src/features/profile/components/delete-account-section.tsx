import { accountDeleteBody } from '@skillroom/contract/schemas';
import type { User } from '@skillroom/contract/types';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { applyServerViolations, Form, FormError, FormTextField, useZodForm } from '../../../components/ui/form';
import { CardSection } from '../../../components/ui/page';
import { markAccountDeleted } from '../../../lib/account-deleted';
import { ApiError, leaveForLogout } from '../../../lib/api-client';
import { clearTokens } from '../../../lib/session';
import { deleteAccount } from '../api/profile-api';

/** The names of the classes a 409 says the account still owns (DESIGN §6 "Accounts"). */
const ownedClasses = (err: unknown): string[] | null => {
  if (!(err instanceof ApiError) || err.status !== 409 || !Array.isArray(err.body.classes)) return null;
  return (err.body.classes as { name?: unknown }[]).map((c) => String(c.name ?? ''));
};

/**
 * "Delete my account": a confirmation that says what goes and what stays, asks the current password, shows the
 * classes still owned (409) and the violations; on success the session ends and the sign-in page says so.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const form = useZodForm<{ currentPassword: string }>(accountDeleteBody, { defaultValues: { currentPassword: '' } });
  const formRef = useRef<HTMLFormElement>(null);
  const [classes, setClasses] = useState<string[] | null>(null);

  const close = () => {
    setOpen(false);
    form.reset();
    setClasses(null);
  };

  const confirm = async (body: { currentPassword: string }) => {
    setClasses(null);
    try {
      await deleteAccount(user.id, body);
    } catch (err) {
      const owned = ownedClasses(err);
      if (owned) return setClasses(owned);
      applyServerViolations(form, err, 'web_account_delete_failed');
      if (err instanceof ApiError && err.status === 429) toast.error(intl.formatMessage({ id: 'web_common_too_many' }));
      return;
    }
    markAccountDeleted();
    clearTokens();
    // The logout address clears the cookies and lands on sign-in, which tells the user the account is gone.
    leaveForLogout();
  };

  return (
    <CardSection title={<FormattedMessage id="web_account_delete_section" />}>
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_account_delete_section_hint" />
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <FormattedMessage id="web_account_delete_open" />
      </Button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id="web_account_delete_title" />}
        confirmLabel={<FormattedMessage id="web_account_delete_confirm" />}
        busy={form.formState.isSubmitting}
        // The dialog's button sends the form: one way to check and send, whichever button or Enter does it.
        onConfirm={() => formRef.current?.requestSubmit()}
        onClose={close}
      >
        {open && (
          <Form form={form} ref={formRef} className="space-y-3" onSubmit={confirm}>
            <p className="font-semibold text-red-800">
              <FormattedMessage id="web_account_delete_warning" />
            </p>
            <p>
              <FormattedMessage id="web_account_delete_goes" />
            </p>
            <p>
              <FormattedMessage id="web_account_delete_stays" />
            </p>
            {classes && (
              <Alert>
                <FormattedMessage id="web_account_delete_owns_classes" />
                <ul className="mt-1 list-disc pl-5">
                  {classes.map((name, i) => (
                    <li key={`${i}-${name}`} className="wrap-anywhere">
                      {name}
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            <FormError />
            <FormTextField
              name="currentPassword"
              label={intl.formatMessage({ id: 'web_profile_current_password' })}
              type="password"
              autoComplete="current-password"
              required
            />
          </Form>
        )}
      </ConfirmDialog>
    </CardSection>
  );
}
