import { refToId, SELF_ASSESSMENT_REFLECTION_MAX } from '@skillroom/contract/rules';
import type { StudentGrowth } from '@skillroom/contract/types';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  applyServerViolations,
  Form,
  FormError,
  FormField,
  FormSelectField,
  FormTextAreaField,
  SubmitButton,
  useZodForm,
} from '../../../components/ui/form';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { useAttachments } from '../../../entities/media/use-attachments';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { revalidateSelfAssessments } from '../../../entities/self-assessments/self-assessments-api';
import { saveSelfAssessment, selfAssessmentItemOf } from '../../../entities/self-assessments/self-assessment-outbox';
import { currentUserId } from '../../../lib/session';
import { newUuid } from '../../../lib/uuid';

/** A stage's choice: its name and description, teal when chosen, the radio's ring when reached by keyboard. */
const stageClass =
  'flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-teal-700 ' +
  'has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700';

interface Props {
  placeId: number;
  /** The class's name, which a self-assessment waiting on the device is listed by. */
  className: string | null;
  /** The class's skills with their stages (the child's growth in the class answers them). */
  skills: StudentGrowth['skills'];
  onSent: () => void;
  onCancel: () => void;
}

interface Values {
  skill: string;
  points: number | null;
  reflection: string;
}

/** The stage's name the chosen points name, as the form showed it (a waiting self-assessment is listed by it). */
const stageName = (skill: StudentGrowth['skills'][number], points: number) => skill.stages.find((s) => s.points === points)?.name ?? null;

// The child's page stays without zod until the form is used.
const loadSchema = () => import('@skillroom/contract/schemas').then((m) => m.selfAssessmentCreateBody);
const PATHS = { learningSkill: 'skill' };

/**
 * DESIGN §12 "Rate myself": a student picks a skill of their class, the stage they think they are at (its name beside
 * its points, its description under it), says why, and may add a photo of their work. Without a connection it waits
 * on the phone, files and all, and goes when the connection returns (issue 38, the teachers' outbox).
 */
export function SelfAssessmentForm({ placeId, className, skills, onSent, onCancel }: Props) {
  const intl = useIntl();
  const skillName = useNameOf();
  const attachments = useAttachments();
  // One id per self-assessment, kept across its attempts: a resend after a lost answer (a flaky phone connection) is
  // that one on the server, whatever its Idempotency-Key (a new one per attempt, so a corrected body is no conflict).
  const clientId = useRef(newUuid());
  const bodyOf = (v: Values) => ({
    teachingClassStudent: placeId,
    learningSkill: refToId(v.skill) ?? 0,
    points: v.points ?? 0,
    reflection: v.reflection.trim() || undefined,
    medias: attachments.medias.map((m) => m.id),
  });
  const form = useZodForm<Values>(loadSchema, {
    defaultValues: { skill: skills[0]?.learningSkill ?? '', points: null, reflection: '' },
    body: bodyOf,
    check: (v): Record<string, string> => (v.points === null ? { points: 'web_self_assessment_stage_required' } : {}),
    paths: PATHS,
  });
  const chosen = useWatch({ control: form.control, name: 'skill' });
  const stages = skills.find((s) => s.learningSkill === chosen)?.stages ?? [];
  // Another skill has stages of its own: the stage is chosen again.
  const { setValue } = form;
  useEffect(() => setValue('points', null), [chosen, setValue]);

  if (skills.length === 0)
    return (
      <Alert tone="info">
        <FormattedMessage id="web_rating_no_skills" />
      </Alert>
    );

  const send = async (v: Values) => {
    const skill = skills.find((s) => s.learningSkill === v.skill);
    if (v.points === null || attachments.uploading || !skill) return;
    const item = selfAssessmentItemOf(
      {
        placeId,
        skillId: refToId(v.skill) ?? 0,
        points: v.points,
        reflection: v.reflection,
        attachments: attachments.items,
        clientId: clientId.current,
        names: { className, skill: { name: skill.name, translationKey: skill.translationKey }, stage: stageName(skill, v.points) },
      },
      currentUserId() ?? 0,
    );
    let waits: boolean;
    try {
      waits = await saveSelfAssessment(item);
    } catch (e) {
      return void applyServerViolations(form, e);
    }
    clientId.current = newUuid();
    toast.success(intl.formatMessage({ id: waits ? 'web_capture_saved_offline' : 'web_self_assessment_saved' }));
    attachments.reset();
    if (!waits) await revalidateSelfAssessments();
    onSent();
  };

  return (
    <Form form={form} onSubmit={send} className="space-y-5">
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_self_assessment_hint" />
      </p>
      <FormSelectField name="skill" label={<FormattedMessage id="web_self_assessment_skill" />}>
        {skills.map((s) => (
          <option key={s.learningSkill} value={s.learningSkill}>
            {skillName(s)}
          </option>
        ))}
      </FormSelectField>
      <FormField
        name="points"
        render={(f, error) => (
          <fieldset className="space-y-2" aria-describedby={error ? 'self-stage-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">
              <FormattedMessage id="web_self_assessment_stage" />
            </legend>
            {stages.map((s) => (
              <label key={s.points} className={stageClass}>
                <input
                  type="radio"
                  name={f.name}
                  value={s.points}
                  checked={f.value === s.points}
                  onChange={() => f.onChange(s.points)}
                  onBlur={f.onBlur}
                  className="mt-1 h-5 w-5 accent-teal-700"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    <FormattedMessage id="web_self_assessment_stage_option" values={{ name: s.name, points: s.points }} />
                  </span>
                  {s.description && <span className="block text-sm text-slate-700">{s.description}</span>}
                </span>
              </label>
            ))}
            {error && (
              <p id="self-stage-error" className="text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </fieldset>
        )}
      />
      <FormTextAreaField
        name="reflection"
        label={<FormattedMessage id="web_self_assessment_reflection" />}
        rows={3}
        maxLength={SELF_ASSESSMENT_REFLECTION_MAX}
      />
      <AttachmentsField state={attachments} waitingMessage="web_self_assessment_attachment_waiting" />
      <FormError />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton disabled={attachments.uploading}>
          <FormattedMessage id="web_self_assessment_send" />
        </SubmitButton>
        <Button variant="secondary" disabled={form.formState.isSubmitting} onClick={onCancel}>
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
      </div>
    </Form>
  );
}
