import { LEARNING_SKILL_LIMITS } from '@skillroom/contract/rules';
import { learningActionPatchBody, learningSkillCreateBody } from '@skillroom/contract/schemas';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Form, FormError, FormTextAreaField, FormTextField, SubmitButton, useZodForm } from '../../../components/ui/form';
import { createAction, createSkill } from '../../../entities/learning-skills/learning-skills-api';

const actionName = learningActionPatchBody.pick({ name: true });
const skillFields = learningSkillCreateBody.pick({ name: true, colorCode: true });
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** One more action for a custom skill. */
export function NewActionForm({ skillName, onAdd }: { skillName: string; onAdd: (name: string) => Promise<boolean> }) {
  const intl = useIntl();
  const form = useZodForm<{ name: string }>(actionName, { defaultValues: { name: '' } });
  return (
    <Form
      form={form}
      onSubmit={async ({ name }) => {
        if (await onAdd(name.trim())) form.reset();
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="min-w-0 flex-1">
        <FormTextField
          name="name"
          label={intl.formatMessage({ id: 'web_skills_new_action' }, { skill: skillName })}
          maxLength={LEARNING_SKILL_LIMITS.actionNameMax}
        />
      </div>
      <SubmitButton variant="secondary">
        <FormattedMessage id="web_skills_add_action" />
      </SubmitButton>
    </Form>
  );
}

interface SkillValues {
  name: string;
  colorCode: string;
  actions: string;
}

/** A new skill of the teacher's own, used by this class at once, with its first actions (one a line). */
export function CustomSkillForm({ classId, onCreated }: { classId: number; onCreated: () => void }) {
  const intl = useIntl();
  const form = useZodForm<SkillValues>(skillFields, {
    defaultValues: { name: '', colorCode: '#0f766e', actions: '' },
    body: (v) => ({ name: v.name, colorCode: v.colorCode }),
    check: (v): Record<string, string> => (linesOf(v.actions).length ? {} : { actions: 'web_skills_new_required' }),
  });

  const submit = async (v: SkillValues) => {
    const skill = await createSkill({ name: v.name.trim(), colorCode: v.colorCode, teachingClass: classId });
    for (const [position, line] of linesOf(v.actions).entries()) await createAction({ learningSkill: skill.id, name: line, position });
    toast.success(intl.formatMessage({ id: 'web_skills_created' }, { name: skill.name }));
    form.reset({ ...form.getValues(), name: '', actions: '' });
    onCreated();
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby="custom-skill-title">
      <h3 id="custom-skill-title" className="font-semibold">
        <FormattedMessage id="web_skills_new_title" />
      </h3>
      <FormTextField name="name" label={<FormattedMessage id="web_skills_new_name" />} maxLength={LEARNING_SKILL_LIMITS.nameMax} />
      <FormTextField
        name="colorCode"
        label={<FormattedMessage id="web_skills_new_colour" />}
        type="color"
        className="h-11 w-20 rounded-md border border-slate-400 bg-white p-1"
      />
      <FormTextAreaField
        name="actions"
        label={<FormattedMessage id="web_skills_new_actions" />}
        hint={<FormattedMessage id="web_skills_new_actions_hint" />}
        rows={3}
      />
      <FormError />
      <SubmitButton>
        <FormattedMessage id="web_skills_new_submit" />
      </SubmitButton>
    </Form>
  );
}
