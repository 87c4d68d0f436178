import type { ClassLearningSkill, TeachingClass } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import {
  addSkillToClass,
  createAction,
  removeSkillFromClass,
  revalidateSkills,
  useSkillChoices,
} from '../../../entities/learning-skills/learning-skills-api';
import { SkillIcon } from '../../../entities/learning-skills/skill-icon';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { ApiError } from '../../../lib/api-client';
import { may } from '../../../lib/teaching-classes';
import { CustomSkillForm, NewActionForm } from './custom-skill-form';
import { FrameworksSection } from './frameworks-section';

/** Runs one change of the class's skills, then refreshes them; a failure says why. */
function useSkillChange(classId: number) {
  const intl = useIntl();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await work();
      await revalidateSkills(classId);
      toast.success(done);
      return true;
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : intl.formatMessage({ id: 'web_common_fetch_failed' }));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** The class's teachers choose which skills it uses and make their own skills and actions (DESIGN §3). */
export function ClassSkillsSection({ cls, skills }: { cls: TeachingClass; skills: ClassLearningSkill[] }) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const [open, setOpen] = useState(false);
  const choices = useSkillChoices(open);
  const { busy, run } = useSkillChange(cls.id);
  const used = new Set(skills.map((s) => s.id));
  const unused = (choices.data?.['hydra:member'] ?? []).filter((s) => !used.has(s.id));

  return (
    <details className="rounded-lg border border-slate-200 bg-white shadow-sm" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer rounded-lg p-4 text-lg font-semibold text-slate-900">
        <FormattedMessage id="web_skills_title" values={{ count: skills.length }} />
      </summary>
      <div className="space-y-6 border-t border-slate-200 p-4">
        <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'web_skills_used' })}>
          {skills.map((s) => (
            <li key={s.id} className="space-y-2 rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-3">
                <SkillIcon icon={s.avatar} colorCode={s.colorCode} name={nameOf(s)} size={32} />
                <span className="min-w-0 flex-1 font-medium break-words">{nameOf(s)}</span>
                <Button
                  variant="ghost"
                  busy={busy === `rm${s.id}`}
                  aria-label={intl.formatMessage({ id: 'web_skills_remove_named' }, { name: nameOf(s) })}
                  onClick={() =>
                    void run(
                      `rm${s.id}`,
                      () => removeSkillFromClass(s.teachingClassLearningSkill),
                      intl.formatMessage({ id: 'web_skills_removed' }, { name: nameOf(s) }),
                    )
                  }
                >
                  <FormattedMessage id="web_skills_remove" />
                </Button>
              </div>
              <p className="text-sm text-slate-700">{s.learningActions.map((a) => nameOf(a)).join(' · ')}</p>
              {s.canEdit && (
                <NewActionForm
                  skillName={nameOf(s)}
                  onAdd={(name) =>
                    run(
                      `act${s.id}`,
                      () => createAction({ learningSkill: s.id, name }),
                      intl.formatMessage({ id: 'web_skills_action_added' }, { name }),
                    )
                  }
                />
              )}
            </li>
          ))}
        </ul>
        {/* DESIGN §12: a whole framework in one step, the class creator's (a co-teacher adds skills one at a time). */}
        {may(cls, 'adoptFramework') && <FrameworksSection cls={cls} used={used} load={open} />}
        {unused.length > 0 && (
          <section aria-labelledby="skills-add-title" className="space-y-2">
            <h3 id="skills-add-title" className="font-semibold">
              <FormattedMessage id="web_skills_add_title" />
            </h3>
            <ul className="space-y-2">
              {unused.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3">
                  <SkillIcon icon={s.avatar} colorCode={s.colorCode} name={nameOf(s)} size={28} />
                  <span className="min-w-0 flex-1 break-words">{nameOf(s)}</span>
                  <Button
                    variant="secondary"
                    busy={busy === `add${s.id}`}
                    aria-label={intl.formatMessage({ id: 'web_skills_add_named' }, { name: nameOf(s) })}
                    onClick={() =>
                      void run(
                        `add${s.id}`,
                        () => addSkillToClass(cls.id, s.id),
                        intl.formatMessage({ id: 'web_skills_added' }, { name: nameOf(s) }),
                      )
                    }
                  >
                    <FormattedMessage id="web_skills_add" />
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <CustomSkillForm classId={cls.id} onCreated={() => void revalidateSkills(cls.id)} />
      </div>
    </details>
  );
}
