import { teachingClassPatchBody } from '@skillroom/contract/schemas';
import type { TeachingClass } from '@skillroom/contract/types';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { applyServerViolations, Form, FormError, FormSelectField, useZodForm } from '../../../components/ui/form';
import { CardSection } from '../../../components/ui/page';
import { track } from '../../../lib/analytics';
import { translateClassViolation } from '../../../lib/class-violations';
import { fullName, revalidateClassData } from '../../../lib/teaching-classes';
import { violationsOf } from '../../../lib/violations';
import { patchClass } from '../api/class-form-api';

/** Hands the class to one of its co-teachers (DESIGN §2); the old owner stays as a co-teacher. */
export function ClassOwnerCard({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const coTeachers = cls.teachers ?? [];
  const find = (id: string) => coTeachers.find((t) => String(t.id) === id);
  const form = useZodForm<{ creator: string }>(teachingClassPatchBody, {
    defaultValues: { creator: '' },
    body: (v) => ({ creator: find(v.creator)?.['@id'] }),
    check: (v): Record<string, string> => (find(v.creator) ? {} : { creator: 'web_class_owner_choose_first' }),
  });
  const owner = find(useWatch({ control: form.control, name: 'creator' }));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const transfer = async () => {
    if (!owner) return;
    setBusy(true);
    try {
      await patchClass(cls.id, { creator: owner['@id'] });
      void track({ name: 'class_owner_changed', screen: 'Edit Class' });
      toast.success(intl.formatMessage({ id: 'web_class_owner_changed' }, { name: fullName(owner) }));
      setAsking(false);
      await revalidateClassData();
      // The user is now a co-teacher, who may not edit the class: back to its page.
      navigate(`/teaching-class/${cls.id}`);
    } catch (e) {
      setAsking(false);
      if (violationsOf(e)) applyServerViolations(form, e);
      else toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_class_owner_title" />}>
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_class_owner_intro" values={{ name: fullName(cls.creator) }} />
      </p>
      {coTeachers.length === 0 ? (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="web_class_owner_none" />
        </p>
      ) : (
        <Form
          form={form}
          className="flex flex-wrap items-end gap-3"
          onSubmit={() => setAsking(true)}
          translateMessage={translateClassViolation}
        >
          <FormError />
          <div className="w-full sm:w-72">
            <FormSelectField name="creator" label={intl.formatMessage({ id: 'web_class_owner_new' })}>
              <option value="">{intl.formatMessage({ id: 'web_class_owner_prompt' })}</option>
              {coTeachers.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {fullName(t)}
                </option>
              ))}
            </FormSelectField>
          </div>
          <Button type="submit" variant="secondary">
            <FormattedMessage id="web_class_owner_submit" />
          </Button>
        </Form>
      )}
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="web_class_owner_confirm_title" values={{ name: owner ? fullName(owner) : '' }} />}
        confirmLabel={<FormattedMessage id="web_class_owner_submit" />}
        busy={busy}
        onConfirm={() => void transfer()}
        onClose={() => setAsking(false)}
      >
        <FormattedMessage id="web_class_owner_confirm_body" values={{ name: owner ? fullName(owner) : '' }} />
      </ConfirmDialog>
    </CardSection>
  );
}
