import type { ClassLearningSkill, TeachingClass } from '@skillroom/contract/types';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toastWithUndo, undoKeys } from '../../../components/ui/undo-toast';
import { ApiError } from '../../../lib/api-client';
import { isoDay } from '../../../lib/dates';
import { SkillIcon } from '../../../entities/learning-skills/skill-icon';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { useStageName } from '../../../entities/learning-skills/stage-name';
import { classFeeds, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { createRatings, undoRatings } from '../api/save-ratings';
import type { AttachmentsState } from '../../../entities/media/use-attachments';

interface Props {
  cls: TeachingClass;
  skills: ClassLearningSkill[];
  /** The place rated, or null for the whole class. */
  studentId: number | null;
  /** Who is rated, as the toast names them. */
  who: string;
  skillId: number | null;
  onSkill: (id: number | null) => void;
  onSaved: () => void;
  /** Files taken or chosen in the sheet: saved with the action tapped (issue 36 §3's camera-first path). */
  attachments?: AttachmentsState;
}

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
// 13 px on a phone: the longest one-word skill names of the three locales ("Communication", "Participación") fit a
// half-width button at 320 px without breaking inside the word.
const skillButton =
  'flex min-h-14 w-full items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-left text-[13px] ' +
  'leading-tight font-medium sm:text-sm ' +
  `text-slate-900 hover:border-teal-700 hover:bg-teal-50 ${focus}`;
// Big targets for a thumb: the whole width, 48 px high at least.
const actionButton =
  'flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border-2 border-teal-700 bg-white px-4 py-2 text-left text-base ' +
  `font-semibold text-teal-900 hover:bg-teal-50 disabled:opacity-60 ${focus}`;

/**
 * The quick path of DESIGN §7: a skill, then one of its actions, saved at once with the class's points. Skills sit two
 * to a row and actions are full-width buttons, so that a phone shows them all without scrolling.
 */
export function QuickRate({ cls, skills, studentId, who, skillId, onSkill, onSaved, attachments }: Props) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const stageName = useStageName();
  const [saving, setSaving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const skill = skills.find((s) => s.id === skillId) ?? null;
  // What a quick save's points mean on this skill (DESIGN §12): one line, so the actions stay in reach without a scroll.
  const stage = skill ? stageName.at(skill.stages, cls.defaultPoints) : null;

  const save = async (skillId: number, actionId: number, action: string) => {
    try {
      const saved = await createRatings({
        classId: cls.id,
        context: { cls, skills },
        skillId,
        actionIds: [actionId],
        studentIds: studentId === null ? [] : [studentId],
        date: isoDay(),
        points: cls.defaultPoints,
        description: '',
        attachments: attachments?.items ?? [],
      });
      onSaved();
      const message = saved.queuedId
        ? intl.formatMessage({ id: 'web_capture_saved_offline' })
        : intl.formatMessage({ id: 'web_capture_saved' }, { action, student: who });
      toastWithUndo({
        message,
        undoLabel: intl.formatMessage({ id: 'web_capture_undo' }),
        shortcutHint: intl.formatMessage({ id: 'web_capture_undo_shortcut' }, { keys: undoKeys() }),
        onUndo: () => {
          void undoRatings(saved).then(
            () => {
              toast.success(intl.formatMessage({ id: 'web_capture_undone' }));
              return revalidateRatings(classFeeds(cls));
            },
            () => toast.error(intl.formatMessage({ id: 'web_capture_undo_failed' })),
          );
        },
      });
      await revalidateRatings(classFeeds(cls));
    } catch (e) {
      setSaving(null);
      setError(e instanceof ApiError && e.status !== 0 ? e.message : intl.formatMessage({ id: 'web_common_fetch_failed' }));
    }
  };

  const uploading = attachments?.uploading ?? false;
  // An action tapped while a photo still uploads: saved as soon as the upload ends, with the photo.
  const pending = useRef<{ skillId: number; actionId: number; action: string } | null>(null);

  const tap = (actionId: number, action: string) => {
    if (!skill || saving !== null) return;
    setSaving(actionId);
    setError(null);
    if (uploading) pending.current = { skillId: skill.id, actionId, action };
    else void save(skill.id, actionId, action);
  };
  const uploadsEnded = useEffectEvent(() => {
    const p = pending.current;
    pending.current = null;
    if (p) void save(p.skillId, p.actionId, p.action);
  });
  useEffect(() => {
    if (!uploading) uploadsEnded();
  }, [uploading]);

  if (skills.length === 0)
    return (
      <Alert tone="info">
        <FormattedMessage id="web_rating_no_skills" />
      </Alert>
    );
  return (
    <div className="space-y-3">
      {error && <Alert>{error}</Alert>}
      {!skill ? (
        <ul className="grid grid-cols-2 gap-2" aria-label={intl.formatMessage({ id: 'web_rating_choose_skill' })}>
          {skills.map((s) => (
            <li key={s.id}>
              <button type="button" onClick={() => onSkill(s.id)} className={skillButton}>
                <SkillIcon icon={s.avatar} colorCode={s.colorCode} name={nameOf(s)} size={24} />
                <span className="min-w-0 break-words hyphens-auto">{nameOf(s)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="space-y-2">
          <div className="flex items-center gap-2">
            <Button variant="ghost" onClick={() => onSkill(null)}>
              <span aria-hidden="true">←</span>
              <FormattedMessage id="web_capture_all_skills" />
            </Button>
            <SkillIcon icon={skill.avatar} colorCode={skill.colorCode} name={nameOf(skill)} size={28} />
            <h3 className="min-w-0 text-base font-semibold break-words text-slate-900">{nameOf(skill)}</h3>
          </div>
          {stage && (
            <p className="text-sm text-slate-700" data-testid="quick-stage">
              <FormattedMessage id="web_capture_stage_hint" values={{ points: cls.defaultPoints, stage }} />
            </p>
          )}
          {skill.learningActions.length === 0 ? (
            <p className="text-sm text-slate-700">
              <FormattedMessage id="web_rating_skill_no_actions" />
            </p>
          ) : (
            <ul className="space-y-2" aria-label={intl.formatMessage({ id: 'web_capture_actions_of' }, { skill: nameOf(skill) })}>
              {skill.learningActions.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    disabled={saving !== null}
                    aria-busy={saving === a.id || undefined}
                    onClick={() => tap(a.id, nameOf(a))}
                    className={actionButton}
                  >
                    <span className="min-w-0 break-words">{nameOf(a)}</span>
                    {saving === a.id && <Spinner small />}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {saving !== null && uploading && (
            <p className="text-sm text-slate-700" role="status">
              <FormattedMessage id="web_rating_wait_uploads" />
            </p>
          )}
        </div>
      )}
    </div>
  );
}
