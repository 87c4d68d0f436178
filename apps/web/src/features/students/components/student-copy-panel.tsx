import type { TeachingClass } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { track } from '../../../lib/analytics';
import { translateClassViolation } from '../../../lib/class-violations';
import { violationsOf } from '../../../lib/violations';
import { classKey, revalidateClassData } from '../../../lib/teaching-classes';
import { copyPlaces, useAllClasses, useClassPlaces } from '../api/students-api';
import { CopyCandidates, type CopyErrors } from './copy-candidates';

const noErrors: CopyErrors = { byPlace: {}, general: [] };

/**
 * Copies students of another class the user can see into this one, re-using each Student. Students already
 * here cannot be ticked (spec §5); the server refuses them too, and its violations show by the student.
 */
export function StudentCopyPanel({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const classes = useAllClasses(true);
  const [sourceId, setSourceId] = useState('');
  const places = useClassPlaces(sourceId ? Number(sourceId) : null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<CopyErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const others = (classes.data?.['hydra:member'] ?? []).filter((c) => c.id !== cls.id);
  const here = new Set(cls.students ?? []);
  const candidates = places.data?.['hydra:member'] ?? [];

  const choose = (id: string) => {
    setSourceId(id);
    setSelected(new Set());
    setErrors(noErrors);
  };

  const copy = async () => {
    // The body's order, so that a violation at teachingClassStudents.{i} points at its student.
    const chosen = candidates.filter((p) => selected.has(p.id));
    const ids = chosen.map((p) => p.id);
    if (!ids.length) return setErrors({ byPlace: {}, general: [intl.formatMessage({ id: 'web_copy_students_choose_first' })] });
    setBusy(true);
    setErrors(noErrors);
    try {
      const copied = await copyPlaces({ teachingClass: cls['@id'], teachingClassStudents: chosen.map((p) => p['@id']) });
      await mutate(classKey(cls.id));
      void revalidateClassData();
      void track({ name: 'students_copied', screen: 'Manage Students', properties: { count: copied['hydra:totalItems'] } });
      toast.success(intl.formatMessage({ id: 'web_copy_students_done' }, { count: copied['hydra:totalItems'] }));
      setSelected(new Set());
    } catch (e) {
      const violations = violationsOf(e);
      if (!violations) {
        toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
        return;
      }
      const found: CopyErrors = { byPlace: {}, general: [] };
      for (const v of violations) {
        const index = /^teachingClassStudents\.(\d+)$/.exec(v.propertyPath);
        const placeId = index ? ids[Number(index[1])] : undefined;
        if (placeId !== undefined) found.byPlace[placeId] ??= translateClassViolation(intl, v.message);
        else found.general.push(translateClassViolation(intl, v.message));
      }
      if (!found.general.length) found.general.push(intl.formatMessage({ id: 'web_copy_students_refused' }));
      setErrors(found);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="h-fit">
      <section aria-labelledby="copy-title" className="space-y-4">
        <div>
          <h2 id="copy-title" className="text-lg font-semibold">
            <FormattedMessage id="web_copy_students_title" />
          </h2>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_copy_students_intro" />
          </p>
        </div>
        {classes.error && <Alert>{intl.formatMessage({ id: 'web_error_classes_load' })}</Alert>}
        {classes.isLoading && <Loading />}
        {classes.data && others.length === 0 && (
          <p className="text-sm text-slate-600">
            <FormattedMessage id="web_copy_students_no_classes" />
          </p>
        )}
        {others.length > 0 && (
          <SelectField label={intl.formatMessage({ id: 'web_copy_students_source' })} value={sourceId} onChange={(e) => choose(e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'web_copy_students_source_prompt' })}</option>
            {others.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.isFinished ? intl.formatMessage({ id: 'web_copy_students_finished_class' }, { name: c.name }) : c.name}
              </option>
            ))}
          </SelectField>
        )}
        {sourceId && (
          <CopyCandidates
            sourceName={others.find((c) => String(c.id) === sourceId)?.name ?? ''}
            candidates={candidates}
            loading={places.isLoading}
            failed={Boolean(places.error)}
            here={here}
            selected={selected}
            onSelect={setSelected}
            errors={errors}
            busy={busy}
            onCopy={() => void copy()}
          />
        )}
        {!sourceId && errors.general.length > 0 && <Alert>{errors.general.join(' ')}</Alert>}
      </section>
    </Card>
  );
}
