import type { TeachingClass } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { CodeCard } from './code-card';
import { classKey, may, regenerateInvitationCode } from '../lib/teaching-classes';

/** The class code with copy, and for the creator a new code when the old one has gone too far (edit and teachers screens). */
export function ClassCodeCard({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  if (!cls.invitationCode) return null;

  const regenerate = async () => {
    const updated = await regenerateInvitationCode(cls.id);
    await mutate(classKey(cls.id), updated, { revalidate: false });
    return updated.invitationCode;
  };

  return (
    <CodeCard
      title={<FormattedMessage id="web_class_code_title" />}
      label={intl.formatMessage({ id: 'web_class_code_label' })}
      hint={<FormattedMessage id="web_class_code_hint" />}
      code={cls.invitationCode}
      regenerate={may(cls, 'edit') ? regenerate : undefined}
      confirmBody={<FormattedMessage id="web_class_code_confirm_body" values={{ code: cls.invitationCode }} />}
    />
  );
}
