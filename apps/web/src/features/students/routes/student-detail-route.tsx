import { refToId } from '@skillroom/contract/rules';
import type { Rating } from '@skillroom/contract/types';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { CopyCode } from '../../../components/copy-code';
import { useSeenEvidence } from '../../../entities/notifications/seen-evidence';
import { RecordExport } from '../../../entities/teaching-class-students/record-export';
import { PendingCount } from '../../../entities/invitations/pending-count';
import { usePendingLinkRequests } from '../../../entities/invitations/student-links-api';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import type { RatingCapture, SheetTarget } from '../../../entities/ratings/rating-capture';
import { RatingFeed } from '../../../entities/ratings/rating-feed';
import { placeIri } from '../../../entities/ratings/ratings-api';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName, may } from '../../../lib/teaching-classes';
import { ClassSentence } from '../components/class-sentence';
import { HomeObservationsSection } from '../components/home-observations-section';
import { SelfAssessmentsSection } from '../components/self-assessments-section';
import { PlaceGate, type PlaceView } from '../../../entities/teaching-class-students/place-gate';
import { LinkSettings } from '../components/link-settings';
import { RemoveStudentDialog } from '../components/remove-student-dialog';
import { StudentOtherClasses } from '../components/student-other-classes';

// The growth charts (DESIGN §12) are the student page's own: a chunk of theirs, not the class page's capture chunk.
const loadGrowth = () => import('../components/student-growth');
const StudentGrowth = lazy(() => loadGrowth().then((m) => ({ default: m.StudentGrowth })));

/** A student's page; the rating capture comes from the app's route (app/with-rating-capture.tsx), features import no other. */
export function StudentDetailRoute({ capture }: { capture: RatingCapture }) {
  return <PlaceGate>{(view) => <StudentDetail {...view} capture={capture} key={view.place.id} />}</PlaceGate>;
}

// The charts' code is there before a page the server drew is hydrated (app/lazy-screen.ts ScreenParts): a boundary still
// waiting for its code when the page's data changed would be drawn again from nothing, and the charts would blink.
StudentDetailRoute.loadParts = loadGrowth;
// Only the server's build names the module (for its preload links, app/screen-modules.ts).
if (import.meta.env.SSR) StudentDetailRoute.partModules = () => ['src/features/students/components/student-growth.tsx'];

/** One student of a class: picture, names, code, the code parents link with, and their other classes. */
function StudentDetail({ place, cls, linkedClass, basePath, capture: { Sheet, Waiting } }: PlaceView & { capture: RatingCapture }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [removing, setRemoving] = useState(false);
  // A family that opens its child has seen what was new there (DESIGN §11).
  useSeenEvidence(place.id, linkedClass !== null);
  const [target, setTarget] = useState<SheetTarget | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const edited = (useLocation().state as { savedObservation?: string } | null)?.savedObservation ?? null;
  // A finished class is read-only until reopened (DESIGN §7): nothing here offers a change then.
  const open = Boolean(cls && !cls.isFinished);
  const manage = may(cls, 'manageStudents') && open;
  // The class's teachers answer requests to link to the student: they see how many wait.
  const pending = usePendingLinkRequests({ 'teachingClass.id': cls?.id ?? null, 'student.id': refToId(place.student) }, manage);
  const name = fullName(place);
  const classPath = cls ? `/teaching-class/${cls.id}` : null;
  const placeClassId = cls?.id ?? linkedClass?.id ?? null;
  // Both kept across renders: the feed draws its cards again only when they change (opening the sheet changes neither).
  const names = useMemo(
    () => new Map((cls?.teachingClassStudents ?? [place]).map((s) => [placeIri(s.id), fullName(s)])),
    [cls?.teachingClassStudents, place],
  );
  const actionsOf = useCallback(
    (group: Rating[]) =>
      group[0]!.canEdit && open ? (
        <Link to={`${basePath}/rating/${group[0]!.id}/edit`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_rating_edit" />
        </Link>
      ) : null,
    [basePath, open],
  );

  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-6 sm:px-6">
      <section aria-labelledby="student-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Avatar media={place.avatar} name={name} size={96} eager />
          <div className="min-w-0 flex-1 space-y-2">
            <h1 id="student-title" className="text-2xl font-bold break-words text-slate-900">
              {name}
            </h1>
            {place.code && (
              <p className="text-sm text-slate-700">
                <FormattedMessage
                  id="web_student_detail_code"
                  values={{ code: <span className="font-mono font-semibold">{place.code}</span> }}
                />
              </p>
            )}
            {cls && classPath && <ClassSentence id="web_student_detail_class" cls={cls} className="text-sm text-slate-700" />}
            {linkedClass && (
              <p className="text-sm text-slate-700">
                <FormattedMessage
                  id={linkedClass.school ? 'web_student_detail_linked_class_school' : 'web_student_detail_linked_class'}
                  values={{ name: linkedClass.name, school: linkedClass.school?.name ?? '' }}
                />
              </p>
            )}
          </div>
          {manage && (
            <div className="flex flex-wrap gap-2">
              <Link to={`${basePath}/edit`} className={buttonClass('secondary')}>
                <FormattedMessage id="web_student_detail_edit" />
              </Link>
              <Link to={`${basePath}/manage`} className={buttonClass('secondary', 'relative')}>
                <FormattedMessage id="web_student_detail_family" />
                <PendingCount count={pending.data?.['hydra:totalItems'] ?? 0} />
              </Link>
              <Button variant="danger-ghost" onClick={() => setRemoving(true)}>
                <FormattedMessage id="web_student_manage_remove" />
              </Button>
            </div>
          )}
        </div>
        {place.invitationCode && (
          <div className="mt-5 border-t border-slate-200 pt-4">
            <CopyCode
              label={intl.formatMessage({ id: 'web_student_code_label' })}
              code={place.invitationCode}
              hint={<FormattedMessage id="web_student_code_hint" />}
            />
          </div>
        )}
      </section>
      <div className="flex flex-wrap gap-2">
        {cls && open && (
          <Button onClick={() => setTarget({ studentId: place.id })}>
            <span aria-hidden="true">★</span>
            <FormattedMessage id="web_rating_start" />
          </Button>
        )}
        <Link to={`${basePath}/report`} className={buttonClass(open ? 'secondary' : 'primary')}>
          <FormattedMessage id="web_report_open_student" />
        </Link>
        {/* DESIGN §11: the child's conversation, between the family and the class's teachers (never evaluators). */}
        {(linkedClass || may(cls, 'announce')) && (
          <Link to={`/messages/student/${place.id}`} className={buttonClass('secondary')}>
            <FormattedMessage id={linkedClass ? 'web_messages_message_teachers' : 'web_messages_message_family'} />
          </Link>
        )}
      </div>
      <Suspense fallback={null}>
        <StudentGrowth studentId={refToId(place.student) ?? 0} classId={cls?.id ?? linkedClass?.id ?? null} />
      </Suspense>
      {/* DESIGN §11: the family shares what the child did at home, and sees where each one stands. */}
      {linkedClass && (
        <HomeObservationsSection
          placeId={place.id}
          studentId={refToId(place.student) ?? 0}
          classId={linkedClass.id}
          open={!linkedClass.isFinished}
        />
      )}
      {/* DESIGN §12: the student rates themself; teachers and the family see it beside the teachers' stage. */}
      {placeClassId !== null && (
        <SelfAssessmentsSection
          placeId={place.id}
          studentId={refToId(place.student) ?? 0}
          classId={placeClassId}
          className={linkedClass?.name ?? cls?.name ?? null}
          canRate={Boolean(linkedClass?.selfAssessment && !linkedClass.isFinished && user?.accountType === 'student_user')}
        />
      )}
      {/* The record as a zip: the class's teachers and the linked family, never evaluators (DESIGN §2). */}
      {may(cls, 'export') && <RecordExport place={place} />}
      <RatingFeed
        filter={{ placeId: place.id }}
        title={<FormattedMessage id="web_rating_student_feed_title" />}
        empty={<FormattedMessage id="web_rating_student_feed_empty" />}
        studentNames={names}
        highlight={saved ?? edited}
        actionsOf={actionsOf}
        waiting={Waiting}
        priority
      />
      {!linkedClass && <StudentOtherClasses place={place} />}
      {/* A family's page leads with the child's ratings; their copy of the record and their link's settings come after. */}
      {linkedClass && <RecordExport place={place} />}
      {linkedClass && <LinkSettings place={place} className={linkedClass.name} />}
      {classPath && (
        <Link to={classPath} className={buttonClass('secondary')}>
          <FormattedMessage id="web_classes_back_to_class" />
        </Link>
      )}
      {cls && open && <Sheet cls={cls} target={target} onClose={() => setTarget(null)} onSaved={setSaved} />}
      <RemoveStudentDialog
        place={removing ? place : null}
        className={cls?.name ?? ''}
        screen="Manage Students"
        onClose={() => setRemoving(false)}
        onRemoved={() => navigate(classPath ?? '/', { replace: true })}
      />
    </div>
  );
}
