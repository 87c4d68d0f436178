import { MediaType, stageOf } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { selfAssessmentsRepository } from '../self-assessments/self-assessments.repository';
import {
  dayMonthYear,
  escapeHtml as h,
  hrefOf,
  personName,
  type ExportAttachment as Attachment,
  type ExportPart as Part,
} from './export-format';
import type { exportLabels, MediaRegistry } from './export-record';

interface Entry {
  teachingClass: { id: number; name: string };
  created: string;
  learningSkill: string;
  points: number;
  stage: string | null;
  reflection: string | null;
  author: string;
  medias: Attachment[];
}

/**
 * The child's self-assessments in the classes of the part (DESIGN §12: part of the child's record): `self-assessments.json`
 * and the "Self-assessment" section of `index.html`, every text escaped. Attachments go to the export's registry.
 */
export async function selfAssessmentsFile(db: Db, part: Part, L: ReturnType<typeof exportLabels>, registry: MediaRegistry, prefix: string) {
  const { t } = L;
  const classes = new Map(part.places.map((x) => [x.place.id, x.cls]));
  const rows = await selfAssessmentsRepository.ofPlaces(db, [...classes.keys()]);
  const medias = await selfAssessmentsRepository.medias(
    db,
    rows.map((r) => r.sa.id),
  );
  const entries: Entry[] = [];
  for (const r of rows) {
    const files: Attachment[] = [];
    for (const { media } of medias.filter((m) => m.ownerId === r.sa.id)) {
      const path = await registry.add(media);
      const { id, mediaType, mimeType, fileOriginalName } = media;
      files.push({ id, mediaType, mimeType, fileOriginalName, path: path === null ? null : prefix + path });
    }
    const stage = stageOf(r.skill.stages, r.sa.points);
    const cls = classes.get(r.sa.teachingClassStudentId)!;
    entries.push({
      teachingClass: { id: cls.id, name: cls.name },
      created: new Date(r.sa.created).toISOString(),
      learningSkill: L.named(r.skill),
      points: r.sa.points,
      stage: stage ? (stage.key ? t(`${stage.key}.name`) : stage.name) : null,
      reflection: r.sa.reflection,
      author: r.creator?.id ? personName(r.creator) : t('export.former_member'),
      medias: files,
    });
  }
  const record = { '@type': 'StudentSelfAssessments', student: part.studentId, selfAssessments: entries };
  const json = Buffer.from(JSON.stringify(record, null, 2));
  return { json, html: selfAssessmentsHtml(L, entries) };
}

/** The section of index.html: each self-assessment with its class, date, skill, stage, reflection and attachments. */
function selfAssessmentsHtml({ t }: ReturnType<typeof exportLabels>, entries: Entry[]) {
  const file = (f: Attachment) =>
    f.path === null
      ? `<li>${h(f.fileOriginalName)} (${h(t('export.missing'))})</li>`
      : f.mediaType === MediaType.RatingPhoto
        ? `<li><img src="${hrefOf(f.path)}" alt="${h(t('export.photo', { name: f.fileOriginalName }))}"></li>`
        : `<li><a href="${hrefOf(f.path)}">${h(f.fileOriginalName)}</a></li>`;
  const item = (e: Entry) =>
    `<li><article><p><strong>${h(e.learningSkill)}</strong> · ${h(e.stage ?? String(e.points))} (${e.points}) · ` +
    `<time datetime="${h(e.created)}">${dayMonthYear(e.created.slice(0, 10))}</time> · ${h(e.teachingClass.name)} · ${h(e.author)}</p>` +
    (e.reflection ? `<p class="note">${h(e.reflection)}</p>` : '') +
    (e.medias.length ? `<ul class="files photos">${e.medias.map(file).join('')}</ul>` : '') +
    `</article></li>`;
  const body = entries.length ? `<ol class="messages">${entries.map(item).join('')}</ol>` : `<p>${h(t('export.no_self_assessments'))}</p>`;
  return `<section><h2>${h(t('export.self_assessments'))}</h2>${body}</section>`;
}
