import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { Card, Page } from '../../../components/ui/page';
import { track, useScreenView } from '../../../lib/analytics';
import { fullName, revalidateClassData } from '../../../lib/teaching-classes';
import { createPlace } from '../api/students-api';
import { ClassSentence } from '../components/class-sentence';
import { ManagedClassGate } from '../components/managed-class-gate';
import { RosterImportForm } from '../components/roster-import-form';
import { emptyStudent, StudentForm, studentBody, type StudentFormValues } from '../components/student-form';

const MODES = ['paste', 'file', 'single'] as const;
type Mode = (typeof MODES)[number];

/** The three ways in (DESIGN §8), as radio buttons: arrow keys move between them, the panel below follows. */
function ModeChooser({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  return (
    <fieldset className="mb-6">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <FormattedMessage id="web_roster_mode_legend" />
      </legend>
      <div className="flex flex-wrap gap-2">
        {MODES.map((m) => (
          <label
            key={m}
            className={
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-semibold ' +
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700 ' +
              (m === mode ? 'border-teal-700 bg-teal-50 text-teal-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50')
            }
          >
            <input type="radio" name="add-mode" value={m} checked={m === mode} onChange={() => onChange(m)} className="accent-teal-700" />
            <FormattedMessage id={`web_roster_mode_${m}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function StudentAddRoute() {
  return <ManagedClassGate>{(cls) => <StudentAdd cls={cls} />}</ManagedClassGate>;
}

/** Adds students one after another: the form stays, empties after each, and lists who was added. */
function StudentAdd({ cls }: { cls: TeachingClass }) {
  useScreenView('New Student');
  const intl = useIntl();
  const [added, setAdded] = useState<TeachingClassStudent[]>([]);
  const [mode, setMode] = useState<Mode>('paste');
  const classPath = `/teaching-class/${cls.id}`;

  const save = async (v: StudentFormValues) => {
    const place = await createPlace({ teachingClass: cls['@id'], ...studentBody(v) });
    setAdded((list) => [place, ...list]);
    void revalidateClassData();
    void track({ name: 'student_created', screen: 'New Student', properties: { avatar: Boolean(place.avatar) } });
    toast.success(intl.formatMessage({ id: 'web_student_add_added' }, { name: fullName(place) }));
  };

  return (
    <Page
      title={<FormattedMessage id="web_student_add_title" />}
      narrow
      actions={
        <Link to={classPath} className={buttonClass('secondary')}>
          <FormattedMessage id="web_student_add_done" />
        </Link>
      }
    >
      <ClassSentence id="web_roster_intro" cls={cls} className="-mt-4 mb-6 text-slate-700" />
      <ModeChooser mode={mode} onChange={setMode} />
      <div className="space-y-6">
        {mode === 'single' ? (
          <Card>
            <ClassSentence id="web_student_add_intro" cls={cls} className="mb-4 text-sm text-slate-700" />
            <StudentForm
              initial={emptyStudent()}
              submitLabel={<FormattedMessage id="web_student_add_submit" />}
              onSave={save}
              clearAfterSave
            />
          </Card>
        ) : (
          <Card>
            <RosterImportForm key={mode} cls={cls} mode={mode} />
          </Card>
        )}
        {added.length > 0 && (
          <section aria-labelledby="added-title" className="space-y-3">
            <h2 id="added-title" className="text-lg font-semibold">
              <FormattedMessage id="web_student_add_added_title" values={{ count: added.length }} />
            </h2>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {added.map((p) => (
                <li key={p.id} className="flex items-center gap-3 px-4 py-3">
                  <Avatar media={p.avatar} name={fullName(p)} size={40} />
                  <Link to={`${classPath}/student/${p.id}`} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                    {fullName(p)}
                  </Link>
                  {p.code && <span className="text-sm text-slate-600">{p.code}</span>}
                </li>
              ))}
            </ul>
            <Link to={classPath} className={buttonClass('primary')}>
              <FormattedMessage id="web_student_add_done" />
            </Link>
          </section>
        )}
      </div>
    </Page>
  );
}
