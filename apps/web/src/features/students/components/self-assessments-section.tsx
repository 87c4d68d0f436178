import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { useSelfAssessments, useStudentGrowth } from '../../../entities/self-assessments/self-assessments-api';
import { formatDate } from '../../../lib/dates';
import { useWaitingSelfAssessments, WaitingSelfAssessment } from './waiting-self-assessments';

// The form (the stages chooser, the camera and upload code) loads when the student first opens it.
const SelfAssessmentForm = lazy(() => import('./self-assessment-form').then((m) => ({ default: m.SelfAssessmentForm })));

interface Props {
  placeId: number;
  studentId: number;
  classId: number;
  /** The class's name (a self-assessment waiting on the device is listed by it in the header). */
  className: string | null;
  /** The student themself, in an open class whose teachers turned self-assessment on (DESIGN §12). */
  canRate: boolean;
}

/**
 * DESIGN §12 on the student page: the student's own stage beside the teachers' per skill, then their self-assessments
 * (skill, stage, reflection, date), those still waiting on this device first. The student themself has "Rate myself";
 * teachers, evaluators and the family read.
 */
export function SelfAssessmentsSection({ placeId, studentId, classId, className, canRate }: Props) {
  const titleId = useId();
  const formId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const nameOf = useNameOf();
  const list = useSelfAssessments(placeId);
  const growth = useStudentGrowth(studentId, classId);
  const items = useMemo(() => list.data?.['hydra:member'] ?? [], [list.data]);
  const waiting = useWaitingSelfAssessments(placeId, items);
  const compared = (growth.data?.skills ?? []).filter((s) => s.self !== null);
  const close = () => {
    setAdding(false);
    heading.current?.focus();
  };

  if (!canRate && items.length === 0 && waiting.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-self-assessments
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
          <FormattedMessage id="web_self_assessment_title" />
        </h2>
        {canRate && (
          <Button variant="secondary" aria-expanded={adding} aria-controls={formId} onClick={() => setAdding((a) => !a)}>
            <FormattedMessage id="web_self_assessment_rate_myself" />
          </Button>
        )}
      </div>
      <div id={formId} hidden={!adding}>
        {adding &&
          (growth.data ? (
            <Suspense fallback={<Loading />}>
              <SelfAssessmentForm placeId={placeId} className={className} skills={growth.data.skills} onSent={close} onCancel={close} />
            </Suspense>
          ) : (
            <Loading />
          ))}
      </div>
      {compared.length > 0 && (
        <dl className="grid gap-2 sm:grid-cols-2">
          {compared.map((s) => (
            <div key={s.learningSkill} className="rounded-md bg-slate-50 p-2 text-sm">
              <dt className="font-medium text-slate-900">{nameOf(s)}</dt>
              <dd className="text-slate-700">
                <FormattedMessage id="web_self_assessment_teacher_stage" values={{ stage: s.now.stage?.name ?? '—' }} />
              </dd>
              <dd className="text-slate-700">
                <FormattedMessage id="web_self_assessment_self_stage" values={{ stage: s.self?.stage?.name ?? String(s.self?.points) }} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {items.length + waiting.length === 0 ? (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_self_assessment_empty" />
        </p>
      ) : (
        <ul className="space-y-2" aria-labelledby={titleId}>
          {waiting.map((item) => (
            <WaitingSelfAssessment key={item.id} item={item} />
          ))}
          {items.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-x-3 font-medium text-slate-900">
                <span>
                  {nameOf(a.learningSkill)} ·{' '}
                  <FormattedMessage
                    id="web_self_assessment_stage_option"
                    values={{ name: a.stage?.name ?? String(a.points), points: a.points }}
                  />
                </span>
                <time dateTime={a.created}>{formatDate(a.created)}</time>
              </p>
              {a.reflection && <p className="mt-1 break-words whitespace-pre-line text-slate-700">{a.reflection}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
