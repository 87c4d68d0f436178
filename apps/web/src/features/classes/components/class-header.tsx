import { translationKey } from '@skillroom/contract/rules';
import type { PublicUser, TeachingClass } from '@skillroom/contract/types';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CopyCode } from '../../../components/copy-code';
import { PendingCount } from '../../../entities/invitations/pending-count';
import { useClassPendingTeacherRequests } from '../../../entities/invitations/teacher-invitations-api';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { formatDate } from '../../../lib/dates';
import { ExportDownload } from '../../../components/export-download';
import { fullName, may } from '../../../lib/teaching-classes';
import { ClassRoleBadge } from './class-card';
import { FamilyLettersCard } from './family-letters-card';
import { FinishedBanner } from './class-status-card';

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

// A compact header on every width (issue 36): the students are the page, so the class's details (dates, grade, teachers,
// code, export, family letters) fold under "Class details", one tap away, instead of pushing the first student down.
const disclosure = 'relative inline-flex min-h-8 items-center gap-1 rounded-md px-1 text-sm font-semibold text-teal-800 hover:bg-slate-100';

/** The class at a glance: picture, name, role, its teachers and edit screens, and its details folded away. */
export function ClassHeader({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  // Only the creator answers requests to join (DESIGN §2): they see how many wait.
  const pending = useClassPendingTeacherRequests(may(cls, 'manageTeachers') ? cls.id : null);
  const pendingCount = pending.data?.['hydra:totalItems'] ?? 0;
  const teachers: { user: PublicUser; owner: boolean }[] = [
    { user: cls.creator, owner: true },
    ...(cls.teachers ?? []).map((user) => ({ user, owner: false })),
  ];
  const level = cls.educationLevel
    ? intl.formatMessage({ id: translationKey(cls.educationLevel.translationKey), defaultMessage: cls.educationLevel.translationKey })
    : null;

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-6" aria-labelledby="class-title">
      <div className="flex items-start gap-3">
        {/* On a phone the name and the details' button need the whole width, on one line each (issue 36); the picture is
            lazy, so that a phone, which hides it, never loads it. */}
        <div className="hidden sm:block">
          <Avatar media={cls.avatar} name={cls.name} size={56} />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 id="class-title" className="min-w-0 text-xl font-bold break-words text-slate-900">
              {cls.name}
            </h1>
            <div className="hidden sm:block">
              <ClassActions cls={cls} pending={pendingCount} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ClassRoleBadge role={cls.userType} />
            {cls.isFinished && (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                <FormattedMessage id="web_class_detail_finished" />
              </span>
            )}
            {cls.isIndividual && (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                <FormattedMessage id="web_class_detail_individual" />
              </span>
            )}
            <button type="button" className={disclosure} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
              <span>
                <FormattedMessage id="web_capture_class_details" />
              </span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4">
                <path d={open ? 'M5 12.5 10 7.5 15 12.5' : 'M5 7.5 10 12.5 15 7.5'} fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {/* On a phone the teachers' screen is inside the details: a waiting request shows on the way there. */}
              <span className="sm:hidden">
                <PendingCount count={pendingCount} />
              </span>
            </button>
          </div>
        </div>
      </div>
      {cls.isFinished && (
        <div className="mt-3">
          <FinishedBanner cls={cls} />
        </div>
      )}
      {/* Kept mounted while folded, as a <details> would: an export under way goes on when the details close. */}
      <div id={detailsId} hidden={!open} className="mt-3 border-t border-slate-200 pt-4">
        <div className="mb-4 sm:hidden">
          <ClassActions cls={cls} pending={pendingCount} />
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
          <Fact label={<FormattedMessage id="web_class_detail_dates" />}>
            {formatDate(cls.start)} – {formatDate(cls.end)}
          </Fact>
          {cls.grade && <Fact label={<FormattedMessage id="web_class_form_grade" />}>{cls.grade}</Fact>}
          {cls.term !== null && <Fact label={<FormattedMessage id="web_class_form_term" />}>{cls.term}</Fact>}
          {level && <Fact label={<FormattedMessage id="web_class_form_education_level" />}>{level}</Fact>}
          {cls.school && <Fact label={<FormattedMessage id="web_school_label" />}>{cls.school.name}</Fact>}
          {cls.subscription && <Fact label={<FormattedMessage id="web_class_form_subscription" />}>{cls.subscription.name}</Fact>}
        </dl>
        <div className="mt-5 flex flex-col gap-5 border-t border-slate-200 pt-4 md:flex-row md:justify-between">
          <div>
            <h2 className="text-sm font-medium text-slate-700">
              <FormattedMessage id="web_class_detail_teachers" />
            </h2>
            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {teachers.map(({ user, owner }) => (
                <li key={user.id} className="flex items-center gap-2 text-sm">
                  <Avatar media={user.avatar} name={fullName(user)} />
                  <span>
                    {fullName(user)}
                    {owner && (
                      <span className="text-slate-600">
                        {' '}
                        (<FormattedMessage id="web_class_role_0" />)
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          {/* A finished class takes no one new (DESIGN §7): its code is not offered. */}
          {cls.invitationCode && !cls.isFinished && (
            <CopyCode
              label={intl.formatMessage({ id: 'web_class_code_label' })}
              code={cls.invitationCode}
              hint={<FormattedMessage id="web_class_code_hint" />}
            />
          )}
        </div>
        {/* The whole class as a zip: its teachers only (DESIGN §2). */}
        {may(cls, 'export') && (
          <div className="mt-5 border-t border-slate-200 pt-4">
            <ExportDownload
              path={`/export/class/${cls.id}`}
              label={<FormattedMessage id="web_export_class" />}
              hint={<FormattedMessage id="web_export_class_hint" />}
              fallbackName={`class-${cls.id}.zip`}
            />
          </div>
        )}
        <FamilyLettersCard cls={cls} />
        {/* DESIGN §11: one message to every linked family, each answering the teachers in its own conversation. */}
        {may(cls, 'announce') && !cls.isFinished && (
          <div className="mt-5 border-t border-slate-200 pt-4">
            <Link to={`/messages/announce/${cls.id}`} className={buttonClass('secondary')}>
              <FormattedMessage id="web_messages_announce" />
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The class's teachers and edit screens: beside the title on wider screens; inside the details on a phone, where the
 * first screen is for the students (issue 36).
 */
function ClassActions({ cls, pending }: { cls: TeachingClass; pending: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/teaching-class/${cls.id}/teachers`} className={buttonClass('secondary', 'relative')}>
        <FormattedMessage id="web_class_detail_manage_teachers" />
        <PendingCount count={pending} />
      </Link>
      {may(cls, 'edit') && (
        <Link to={`/teaching-class/${cls.id}/edit`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_class_detail_edit" />
        </Link>
      )}
    </div>
  );
}
