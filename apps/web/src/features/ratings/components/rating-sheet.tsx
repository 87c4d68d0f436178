import { MediaType } from '@skillroom/contract/constants';
import type { TeachingClass } from '@skillroom/contract/types';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loading } from '../../../components/ui/spinner';
import { fullName } from '../../../lib/teaching-classes';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import type { RatingSheetProps } from '../../../entities/ratings/rating-capture';
import { useClassSkills } from '../../../entities/learning-skills/learning-skills-api';
import { AttachmentList, PickButton, TAKE_PHOTO } from '../../../entities/media/attachments-field';
import { QuickRate } from './quick-rate';
import { useAttachments } from '../../../entities/media/use-attachments';

// The full form (react-hook-form and the form primitive) is not the quick path's: it loads once the sheet is open, before
// "More options" is pressed, and stays out of the class page's capture chunk.
const loadPanel = () => import('./rating-panel');
const RatingPanel = lazy(() => loadPanel().then((m) => ({ default: m.RatingPanel })));

// A bottom sheet on a phone (the thumb's reach), a centred dialog from 640 px on.
const sheet =
  'mx-0 mt-auto mb-0 max-h-[94dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-4 text-slate-900 ' +
  'shadow-xl backdrop:bg-slate-900/50 sm:m-auto sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:rounded-lg sm:p-6';

/**
 * The rating sheet of DESIGN §7: a bottom sheet on a phone, a dialog on a wider screen. It is a modal <dialog>
 * (showModal): labelled by its title, focus stays inside, Escape closes it and focus goes back to what opened it.
 * It opens on the quick path; "More options" turns it into the full form with what was chosen so far.
 */
export function RatingSheet({ cls, target, onClose, onSaved }: RatingSheetProps) {
  const { ref, returnTo } = useModalDialog(target !== null);
  const titleId = useId();
  // Something typed or attached in the full form: closing asks first (issue 36 §8), a save does not.
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => (dirty.current ? setAsking(true) : onClose()), [onClose]);
  const markDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const done = useCallback(() => {
    dirty.current = false;
    onClose();
  }, [onClose]);

  return (
    <>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        className={sheet}
        onCancel={(e) => {
          e.preventDefault();
          requestClose();
        }}
        onClose={() => {
          // Back to the opener, unless focus has gone somewhere on purpose meanwhile (the card a save just made).
          const lost = !document.activeElement || document.activeElement === document.body;
          if (lost && returnTo.current?.isConnected) returnTo.current.focus();
        }}
      >
        {target && (
          <SheetBody
            key={target.studentId ?? 'class'}
            cls={cls}
            studentId={target.studentId}
            titleId={titleId}
            onClose={requestClose}
            onDone={done}
            onDirty={markDirty}
            onSaved={onSaved}
          />
        )}
      </dialog>
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="web_capture_discard_title" />}
        confirmLabel={<FormattedMessage id="web_capture_discard" />}
        onConfirm={() => {
          setAsking(false);
          done();
        }}
        onClose={() => setAsking(false)}
      >
        <FormattedMessage id="web_capture_discard_body" />
      </ConfirmDialog>
    </>
  );
}

interface BodyProps {
  cls: TeachingClass;
  studentId: number | null;
  titleId: string;
  /** Asks to close (the sheet may first ask whether to discard what was typed). */
  onClose: () => void;
  /** Closes after a save. */
  onDone: () => void;
  onDirty: (dirty: boolean) => void;
  onSaved?: (observation: string) => void;
}

function SheetBody({ cls, studentId, titleId, onClose, onDone, onDirty, onSaved }: BodyProps) {
  const intl = useIntl();
  const skills = useClassSkills(cls.id);
  const [skillId, setSkillId] = useState<number | null>(null);
  const [full, setFull] = useState(false);
  // Whom the sheet rates now: the tapped student, then whoever the full form's picker holds (issue 36 §4).
  const [chosen, setChosen] = useState<number[]>(studentId === null ? [] : [studentId]);
  const places = cls.teachingClassStudents ?? [];
  const place = chosen.length === 1 ? (places.find((s) => s.id === chosen[0]) ?? null) : null;
  const who = place ? fullName(place) : intl.formatMessage({ id: 'web_capture_whole_class_who' });
  const list = skills.data?.['hydra:member'] ?? [];
  // The sheet's files, from its quick path's camera on: "More options" keeps them, a quick save sends them.
  const attachments = useAttachments();
  const files = attachments.items.length;
  useEffect(() => void loadPanel().catch(() => undefined), []);
  useEffect(() => {
    // The full form says for itself whether anything would be lost.
    if (!full) onDirty(files > 0);
  }, [full, files, onDirty]);

  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-lg font-bold break-words">
          {place ? (
            <FormattedMessage id="web_capture_title_student" values={{ name: who }} />
          ) : chosen.length > 1 ? (
            <FormattedMessage id="web_capture_title_students" values={{ count: chosen.length }} />
          ) : (
            <FormattedMessage id="web_capture_title_class" />
          )}
        </h2>
        <Button variant="ghost" onClick={onClose} aria-label={intl.formatMessage({ id: 'web_capture_close' })}>
          <span aria-hidden="true" className="text-xl leading-none">
            ×
          </span>
        </Button>
      </div>
      {!skills.data ? (
        <Loading />
      ) : full ? (
        <Suspense fallback={<Loading />}>
          <RatingPanel
            cls={cls}
            skills={list}
            group={null}
            start={{ studentIds: chosen, skillId, actionIds: [] }}
            onStudents={setChosen}
            onDirty={onDirty}
            attachments={attachments}
            onSaved={(observation) => {
              onDone();
              onSaved?.(observation);
            }}
            onCancel={onClose}
          />
        </Suspense>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <FormattedMessage
              id={files ? 'web_capture_hint_files' : 'web_capture_hint'}
              values={{ points: cls.defaultPoints, count: files }}
            />
          </p>
          <AttachmentList state={attachments} />
          <QuickRate
            cls={cls}
            skills={list}
            studentId={studentId}
            who={who}
            skillId={skillId}
            onSkill={setSkillId}
            onSaved={onDone}
            attachments={attachments}
          />
          {/* The camera first (issue 36 §3): a photo, then a skill and an action, saved together. */}
          <div className="grid grid-cols-2 gap-2">
            <PickButton kind={TAKE_PHOTO} className="w-full" onFiles={(f) => attachments.add(f, MediaType.RatingPhoto)} />
            <Button variant="secondary" className="w-full" onClick={() => setFull(true)}>
              <FormattedMessage id="web_capture_more" />
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
