import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { Button, buttonClass } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useScreenView } from '../../../lib/analytics';
import { fullName } from '../../../lib/teaching-classes';
import { ClassSentence } from '../components/class-sentence';
import { ManagedClassGate } from '../components/managed-class-gate';
import { RemoveStudentDialog } from '../components/remove-student-dialog';
import { StudentCopyPanel } from '../components/student-copy-panel';
import { sortByName } from '../../../lib/name-order';

export function StudentManageRoute() {
  return <ManagedClassGate>{(cls) => <StudentManage cls={cls} />}</ManagedClassGate>;
}

function StudentManage({ cls }: { cls: TeachingClass }) {
  useScreenView('Manage Students');
  const intl = useIntl();
  const [removing, setRemoving] = useState<TeachingClassStudent | null>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const students = sortByName(cls.teachingClassStudents ?? [], fullName, intl.locale);
  const classPath = `/teaching-class/${cls.id}`;

  return (
    <Page
      title={<FormattedMessage id="web_student_manage_title" />}
      actions={
        <>
          <Link to={`${classPath}/student/add`} className={buttonClass('primary')}>
            <FormattedMessage id="web_class_detail_add_students" />
          </Link>
          <Link to={classPath} className={buttonClass('secondary')}>
            <FormattedMessage id="web_classes_back_to_class" />
          </Link>
        </>
      }
    >
      <ClassSentence id="web_student_manage_intro" cls={cls} className="-mt-4 mb-6 text-slate-700" />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="manage-list-title" className="space-y-3">
          <h2 id="manage-list-title" ref={listTitle} tabIndex={-1} className="text-lg font-semibold">
            <FormattedMessage id="web_class_detail_students" values={{ count: students.length }} />
          </h2>
          {students.length === 0 ? (
            <EmptyState>
              <FormattedMessage id="web_student_manage_empty" />
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {students.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <Avatar media={s.avatar} name={fullName(s)} size={40} />
                  {/* A name keeps room to be read whole; on a narrow screen the buttons go under it instead. */}
                  <div className="min-w-40 flex-1">
                    <Link
                      to={`${classPath}/student/${s.id}`}
                      className="font-medium break-words text-slate-900 underline-offset-2 hover:underline"
                    >
                      {fullName(s)}
                    </Link>
                    {s.code && <p className="text-sm text-slate-600">{s.code}</p>}
                  </div>
                  <div className="ml-auto flex gap-1">
                    <Link
                      to={`${classPath}/student/${s.id}/edit`}
                      className={buttonClass('ghost')}
                      aria-label={intl.formatMessage({ id: 'web_student_manage_edit_named' }, { name: fullName(s) })}
                    >
                      <FormattedMessage id="web_student_manage_edit" />
                    </Link>
                    <Button
                      variant="danger-ghost"
                      onClick={() => setRemoving(s)}
                      aria-label={intl.formatMessage({ id: 'web_student_manage_remove_named' }, { name: fullName(s) })}
                    >
                      <FormattedMessage id="web_student_manage_remove" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <StudentCopyPanel cls={cls} />
      </div>
      <RemoveStudentDialog
        place={removing}
        className={cls.name}
        screen="Manage Students"
        onClose={() => setRemoving(null)}
        onRemoved={() => setRemoving(null)}
        // The removed row takes its Remove button with it: the list's title takes the focus instead.
        fallbackFocus={() => listTitle.current}
      />
    </Page>
  );
}
