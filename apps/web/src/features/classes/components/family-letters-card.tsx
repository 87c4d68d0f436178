import type { TeachingClass } from '@skillroom/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { canManageStudents } from '../../../lib/teaching-classes';
import { FamilyLettersDialog } from './family-letters-dialog';

/**
 * "Print family letters" (DESIGN §8): for the class's teachers while the class takes people in (a finished class
 * offers no codes), once it has students.
 */
const wide = 'sm:flex-row sm:items-center sm:justify-between';

export function FamilyLettersCard({ cls }: { cls: TeachingClass }) {
  const [open, setOpen] = useState(false);
  const places = cls.teachingClassStudents ?? [];
  if (!canManageStudents(cls) || cls.isFinished || !places.length) return null;
  return (
    <section
      aria-labelledby="family-letters-title"
      className={`flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${wide}`}
    >
      <div className="min-w-0">
        <h2 id="family-letters-title" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="web_family_letters_title" />
        </h2>
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_family_letters_hint" />
        </p>
      </div>
      <Button variant="secondary" className="shrink-0" onClick={() => setOpen(true)}>
        <FormattedMessage id="web_family_letters_open" />
      </Button>
      {open && <FamilyLettersDialog cls={cls} places={places} onClose={() => setOpen(false)} />}
    </section>
  );
}
