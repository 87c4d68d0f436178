import { MediaType } from '@skillroom/contract';
import type { Db } from '../../db/client';
import {
  dayMonthYear,
  escapeHtml as h,
  hrefOf,
  personName,
  type ExportAttachment as Attachment,
  type ExportPart as Part,
} from './export-format';
import type { exportLabels, MediaRegistry } from './export-record';
import { exportRepository as repo } from './export.repository';

/**
 * The child's conversations in the classes of the part (DESIGN §11: messages are part of the record): `messages.json`
 * (who wrote, a deleted account as "Former member", when, what, who read it when, and the attachments' files in the
 * zip) and the "Messages" section of `index.html`, every text escaped. Attachments go to the export's registry.
 */
export async function messagesFile(db: Db, part: Part, L: ReturnType<typeof exportLabels>, registry: MediaRegistry, prefix: string) {
  const { t } = L;
  const rows = await repo.messagesOfPlaces(
    db,
    part.places.map((x) => x.place.id),
  );
  const stored = new Map((await repo.mediaByIds(db, [...new Set(rows.flatMap((m) => m.mediaIds))])).map((m) => [m.id, m]));
  const name = (u: { firstName: string | null; lastName: string | null }) =>
    u.firstName === null ? t('export.former_member') : personName({ firstName: u.firstName, lastName: u.lastName });
  const conversations = [];
  for (const x of part.places) {
    const messages = [];
    for (const m of rows.filter((r) => r.classId === x.cls.id)) {
      const medias: Attachment[] = [];
      for (const id of m.mediaIds) {
        const media = stored.get(id);
        if (!media) continue;
        const path = await registry.add(media);
        const { mediaType, mimeType, fileOriginalName } = media;
        medias.push({ id, mediaType, mimeType, fileOriginalName, path: path === null ? null : prefix + path });
      }
      messages.push({
        created: new Date(m.created).toISOString(),
        author: name(m),
        side: m.byTeacher ? 'teacher' : 'family',
        isAnnouncement: m.isAnnouncement,
        text: m.text,
        readBy: m.readBy.map((r) => ({ name: personName(r), readAt: new Date(r.readAt).toISOString() })),
        medias,
      });
    }
    conversations.push({ teachingClass: { id: x.cls.id, name: x.cls.name }, messages });
  }
  const json = Buffer.from(JSON.stringify({ '@type': 'StudentMessages', student: part.studentId, conversations }, null, 2));
  return { json, html: messagesHtml(L, conversations) };
}

type Conversations = {
  teachingClass: { name: string };
  messages: { created: string; author: string; isAnnouncement: boolean; text: string; medias: Attachment[] }[];
}[];

/** The section of index.html: one list per class, each message with its author, time, text and attachments. */
function messagesHtml({ t }: ReturnType<typeof exportLabels>, conversations: Conversations) {
  const written = conversations.filter((c) => c.messages.length);
  const file = (f: Attachment) =>
    f.path === null
      ? `<li>${h(f.fileOriginalName)} (${h(t('export.missing'))})</li>`
      : f.mediaType === MediaType.RatingPhoto
        ? `<li><img src="${hrefOf(f.path)}" alt="${h(t('export.photo', { name: f.fileOriginalName }))}"></li>`
        : `<li><a href="${hrefOf(f.path)}">${h(f.fileOriginalName)}</a></li>`;
  const body = written
    .map(
      (c) =>
        `<h3>${h(c.teachingClass.name)}</h3><ol class="messages">` +
        c.messages
          .map(
            (m) =>
              `<li><article><p><strong>${h(m.author)}</strong> ` +
              `<time datetime="${h(m.created)}">${dayMonthYear(m.created.slice(0, 10))} ${h(m.created.slice(11, 16))} UTC</time>` +
              (m.isAnnouncement ? ` · ${h(t('export.announcement'))}` : '') +
              `</p><p class="note">${h(m.text)}</p>` +
              (m.medias.length ? `<ul class="files photos">${m.medias.map(file).join('')}</ul>` : '') +
              `</article></li>`,
          )
          .join('') +
        `</ol>`,
    )
    .join('');
  return `<section><h2>${h(t('export.messages'))}</h2>${written.length ? body : `<p>${h(t('export.no_messages'))}</p>`}</section>`;
}
