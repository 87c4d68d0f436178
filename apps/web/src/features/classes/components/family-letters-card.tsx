import type { TeachingClass } from '@skillroom/contract/types';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { may } from '../../../lib/teaching-classes';
import { FamilyLettersDialog } from './family-letters-dialog';

/**
 * "Print family letters" (DESIGN §8) in the class details, beside the export: for the class's teachers while the class
 * takes people in (a finished class offers no codes), once it has students.
 */
export function FamilyLettersCard({ cls }: { cls: TeachingClass }) {
  const [open, setOpen] = useState(false);
  const places = cls.teachingClassStudents ?? [];
  if (!may(cls, 'printLetters') || cls.isFinished || !places.length) return null;
  return (
    <div className="mt-5 space-y-2 border-t border-slate-200 pt-4">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <FormattedMessage id="web_family_letters_open" />
      </Button>
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_family_letters_hint" />
      </p>
      {open && <FamilyLettersDialog cls={cls} places={places} onClose={() => setOpen(false)} />}
    </div>
  );
}
