import { LEARNING_SKILL_LIMITS } from '@skillroom/contract/rules';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { createAction, createSkill } from '../../../entities/learning-skills/learning-skills-api';
import { ApiError } from '../../../lib/api-client';

/** One more action for a custom skill. */
export function NewActionForm({ skillName, onAdd }: { skillName: string; onAdd: (name: string) => Promise<boolean> }) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    if (await onAdd(name.trim())) setName('');
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label={intl.formatMessage({ id: 'web_skills_new_action' }, { skill: skillName })}
          value={name}
          maxLength={LEARNING_SKILL_LIMITS.actionNameMax}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" busy={busy}>
        <FormattedMessage id="web_skills_add_action" />
      </Button>
    </form>
  );
}

/** A new skill of the teacher's own, used by this class at once, with its first actions (one a line). */
export function CustomSkillForm({ classId, onCreated }: { classId: number; onCreated: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [colorCode, setColorCode] = useState('#0f766e');
  const [actions, setActions] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = actions
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (!name.trim() || lines.length === 0) {
      setError(intl.formatMessage({ id: 'web_skills_new_required' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const skill = await createSkill({ name: name.trim(), colorCode, teachingClass: classId });
      for (const [position, line] of lines.entries()) await createAction({ learningSkill: skill.id, name: line, position });
      toast.success(intl.formatMessage({ id: 'web_skills_created' }, { name: skill.name }));
      setName('');
      setActions('');
      onCreated();
    } catch (err) {
      setError(
        err instanceof ApiError ? [err.message, ...err.violations.map((v) => v.message)].join(' ') : intl.formatMessage({ id: 'web_common_fetch_failed' }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby="custom-skill-title">
      <h3 id="custom-skill-title" className="font-semibold">
        <FormattedMessage id="web_skills_new_title" />
      </h3>
      <TextField
        label={<FormattedMessage id="web_skills_new_name" />}
        value={name}
        maxLength={LEARNING_SKILL_LIMITS.nameMax}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={<FormattedMessage id="web_skills_new_colour" />}
        type="color"
        value={colorCode}
        className="h-11 w-20 rounded-md border border-slate-400 bg-white p-1"
        onChange={(e) => setColorCode(e.target.value)}
      />
      <TextAreaField
        label={<FormattedMessage id="web_skills_new_actions" />}
        hint={<FormattedMessage id="web_skills_new_actions_hint" />}
        rows={3}
        value={actions}
        onChange={(e) => setActions(e.target.value)}
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" busy={busy}>
        <FormattedMessage id="web_skills_new_submit" />
      </Button>
    </form>
  );
}
