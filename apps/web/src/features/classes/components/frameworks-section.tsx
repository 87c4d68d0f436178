import type { Framework, TeachingClass } from '@skillroom/contract/types';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { revalidateSkills } from '../../../entities/learning-skills/learning-skills-api';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { ApiError } from '../../../lib/api-client';
import { adoptFramework, revalidateCoverage, useFrameworks } from '../api/coverage-api';

/** What the last "Adopt" of a framework did, said under it. */
type Outcome = { kind: 'added'; names: string[] } | { kind: 'none' } | { kind: 'finished' } | { kind: 'failed'; message: string };

/**
 * DESIGN §12 frameworks on the class's skills screen: each set with its skills, adopted in one step ("Adopt"), and what
 * it added said under it; adopting again adds nothing, and says so. A finished class adopts nothing (the server's 409):
 * its buttons are off and the note says why. `used`: the ids of the skills the class uses now.
 */
export function FrameworksSection({ cls, used, load }: { cls: TeachingClass; used: ReadonlySet<number>; load: boolean }) {
  const titleId = useId();
  const noteId = useId();
  const frameworks = useFrameworks(load);
  const list = frameworks.data?.['hydra:member'] ?? [];

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div>
        <h3 id={titleId} className="font-semibold">
          <FormattedMessage id="web_frameworks_title" />
        </h3>
        <p id={noteId} className="text-sm text-slate-700">
          <FormattedMessage id={cls.isFinished ? 'web_frameworks_finished' : 'web_frameworks_intro'} />
        </p>
      </div>
      {frameworks.error && !frameworks.data && (
        <p role="alert" className="text-sm text-red-800">
          <FormattedMessage id="web_common_fetch_failed" />
        </p>
      )}
      <ul className="space-y-3">
        {list.map((f) => (
          <FrameworkItem key={f.id} cls={cls} framework={f} used={used} noteId={noteId} />
        ))}
      </ul>
    </section>
  );
}

function FrameworkItem({
  cls,
  framework: f,
  used,
  noteId,
}: {
  cls: TeachingClass;
  framework: Framework;
  used: ReadonlySet<number>;
  noteId: string;
}) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inUse = f.learningSkills.length > 0 && f.learningSkills.every((s) => used.has(s.id));

  const adopt = async () => {
    setBusy(true);
    try {
      const { added } = await adoptFramework(cls.id, f.id);
      const names = f.learningSkills.filter((s) => added.includes(s['@id'])).map((s) => nameOf(s));
      setOutcome(added.length ? { kind: 'added', names } : { kind: 'none' });
      await Promise.all([revalidateSkills(cls.id), revalidateCoverage(cls.id)]);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setOutcome({ kind: 'finished' });
      else
        setOutcome({ kind: 'failed', message: e instanceof ApiError ? e.message : intl.formatMessage({ id: 'web_common_fetch_failed' }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h4 className="font-medium break-words text-slate-900">{f.name}</h4>
          <p className="text-sm break-words text-slate-700">{f.description}</p>
        </div>
        <Button
          variant="secondary"
          busy={busy}
          disabled={cls.isFinished}
          aria-describedby={cls.isFinished ? noteId : undefined}
          aria-label={intl.formatMessage({ id: 'web_frameworks_adopt_named' }, { name: f.name })}
          onClick={() => void adopt()}
        >
          <FormattedMessage id="web_frameworks_adopt" />
        </Button>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={intl.formatMessage({ id: 'web_frameworks_skills_of' }, { name: f.name })}>
        {f.learningSkills.map((s) => (
          <li key={s.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
            {nameOf(s)}
            {used.has(s.id) && (
              <span className="text-teal-800">
                {' · '}
                <FormattedMessage id="web_frameworks_skill_used" />
              </span>
            )}
          </li>
        ))}
      </ul>
      {inUse && !outcome && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_frameworks_in_use" />
        </p>
      )}
      <p role="status" className="text-sm font-medium text-slate-900 empty:hidden">
        {outcome?.kind === 'added' && (
          <FormattedMessage id="web_frameworks_added" values={{ count: outcome.names.length, names: outcome.names.join(', ') }} />
        )}
        {outcome?.kind === 'none' && <FormattedMessage id="web_frameworks_nothing_added" values={{ name: f.name }} />}
        {outcome?.kind === 'finished' && <FormattedMessage id="web_frameworks_finished" />}
        {outcome?.kind === 'failed' && outcome.message}
      </p>
    </li>
  );
}

/** A finished class's frameworks, folded: what the creator would adopt once the class is reopened. */
export function FinishedFrameworks({ cls, used }: { cls: TeachingClass; used: ReadonlySet<number> }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="rounded-lg border border-slate-200 bg-white shadow-sm" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer rounded-lg p-4 text-lg font-semibold text-slate-900">
        <FormattedMessage id="web_frameworks_title" />
      </summary>
      <div className="border-t border-slate-200 p-4">
        <FrameworksSection cls={cls} used={used} load={open} />
      </div>
    </details>
  );
}
