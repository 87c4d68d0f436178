import { ClassUserType } from '@skillroom/contract/constants';
import type { PublicUser, TeachingClass, TeachingClassTeacher } from '@skillroom/contract/types';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardSection } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { track } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { classKey, fullName, may, revalidateClassData, revalidateClassLists } from '../../../lib/teaching-classes';
import { removeClassTeacher, revalidateClassTeachers, useClassTeachers } from '../api/class-teachers-api';

function Row({ user, role, you, action }: { user: PublicUser; role: number; you: boolean; action?: ReactNode }) {
  const name = fullName(user);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar media={user.avatar} name={name} size={40} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {name}
          {you && (
            <span className="text-slate-600">
              {' '}
              (<FormattedMessage id="web_teachers_you" />)
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          <FormattedMessage id={`web_class_role_${role}`} />
        </p>
      </div>
      {action}
    </li>
  );
}

/** The creator and co-teachers; the creator removes a co-teacher, a co-teacher leaves (both asked first). */
export function ClassTeachersList({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { data, error } = useClassTeachers(cls.id);
  const [removing, setRemoving] = useState<TeachingClassTeacher | null>(null);
  const [busy, setBusy] = useState(false);
  const creator = may(cls, 'manageTeachers');
  const leaving = removing?.teacher.id === user?.id;

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeClassTeacher(removing.id);
      void track({ name: leaving ? 'class_left' : 'coteacher_removed', screen: 'Coteacher management' });
      toast.success(intl.formatMessage({ id: leaving ? 'web_teachers_left' : 'web_teachers_removed' }, { name: leaving ? cls.name : fullName(removing.teacher) }));
      setRemoving(null);
      if (leaving) {
        // The class is gone for this user: off its screens first, then out of the cache without asking for it again.
        await navigate('/', { replace: true });
        await Promise.all([mutate(classKey(cls.id), undefined, { revalidate: false }), revalidateClassLists()]);
      } else await Promise.all([revalidateClassTeachers(), revalidateClassData()]);
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_delete' }));
    } finally {
      setBusy(false);
    }
  };

  const teachers = data?.['hydra:member'] ?? [];
  return (
    <CardSection title={<FormattedMessage id="web_teachers_list" values={{ count: teachers.length + 1 }} />}>
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_teachers_error_load' })}</Alert>}
      {!data && !error && <Loading />}
      <ul className="divide-y divide-slate-100">
        <Row user={cls.creator} role={ClassUserType.Creator} you={cls.creator.id === user?.id} />
        {teachers.map((t) => {
          const you = t.teacher.id === user?.id;
          const name = fullName(t.teacher);
          const action = creator ? (
            <Button variant="danger-ghost" onClick={() => setRemoving(t)} aria-label={intl.formatMessage({ id: 'web_teachers_remove_named' }, { name })}>
              <FormattedMessage id="web_teachers_remove" />
            </Button>
          ) : you ? (
            <Button variant="secondary" onClick={() => setRemoving(t)}>
              <FormattedMessage id="web_teachers_leave" />
            </Button>
          ) : undefined;
          return <Row key={t.id} user={t.teacher} role={ClassUserType.CoTeacher} you={you} action={action} />;
        })}
      </ul>
      {data && teachers.length === 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id={creator ? 'web_teachers_none_creator' : 'web_teachers_none'} />
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={
          leaving ? (
            <FormattedMessage id="web_teachers_leave_title" values={{ name: cls.name }} />
          ) : (
            <FormattedMessage id="web_teachers_remove_title" values={{ name: removing ? fullName(removing.teacher) : '' }} />
          )
        }
        confirmLabel={<FormattedMessage id={leaving ? 'web_teachers_leave' : 'web_teachers_remove'} />}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        <FormattedMessage id={leaving ? 'web_teachers_leave_body' : 'web_teachers_remove_body'} values={{ name: cls.name }} />
      </ConfirmDialog>
    </CardSection>
  );
}
