import { MediaType, REPORT_SKILL_AS_WHOLE } from '@skillroom/contract';
import type { FileStore } from '../../lib/file-store';
import { translator } from '../translations/translations.service';
import { csvRow, dayMonthYear, escapeHtml as h, hrefOf, personName, safeName } from './export-format';
import type { ExportRating, MediaRow } from './export.repository';
import { TextSink } from './export-sink';
import { storeEntry, type ZipEntry } from './export-zip';
import { EXPORT_STYLE } from './export-style';

/**
 * The attachments of an export, each once in its `media/` folder, named `<id>-<original name>` so that names never
 * collide. The size is read from the store (what is really sent, after cleaning and transcoding), and a file
 * missing from the store is left out (and said so) rather than breaking the zip.
 */
export class MediaRegistry {
  private readonly found = new Map<number, { path: string; key: string; size: number } | null>();

  constructor(
    private readonly files: FileStore,
    private readonly folder: string,
  ) {}

  /** The path of the media's file in the zip, or null when the store does not have it. */
  async add(m: MediaRow): Promise<string | null> {
    if (this.found.has(m.id)) return this.found.get(m.id)?.path ?? null;
    const size = await this.files.size(m.storageKey);
    const ext = /\.([a-z0-9]{1,8})$/i.exec(m.fileName)?.[1] ?? /\.([a-z0-9]{1,8})$/i.exec(m.fileOriginalName)?.[1];
    const base = safeName(m.fileOriginalName.replace(/\.[a-z0-9]{1,8}$/i, ''), 'file');
    const entry =
      size === null ? null : { path: `${this.folder}${m.id}-${base}${ext ? `.${ext.toLowerCase()}` : ''}`, key: m.storageKey, size };
    this.found.set(m.id, entry);
    return entry?.path ?? null;
  }

  entries(): ZipEntry[] {
    return [...this.found.values()].filter((x) => x !== null).map((x) => storeEntry(this.files, x.path, x.key, x.size));
  }
}

export interface RecordHeading {
  title: string;
  lines: string[];
  avatar: MediaRow | null;
  /** Links to the report files beside the index. */
  files: { href: string; label: string }[];
}

type Labels = ReturnType<typeof exportLabels>;

/** Texts of an export in one language; catalogue skills and actions translated. */
export function exportLabels(locale: string) {
  const t = translator(locale);
  const named = (x: { name: string; translationKey: string | null }) => (x.translationKey ? t(x.translationKey) : x.name);
  /** A rating's action; none: the rating is of its skill as a whole (DESIGN §14), worded as the reports word it. */
  const action = (x: { name: string; translationKey: string | null } | null) => named(x ?? REPORT_SKILL_AS_WHOLE);
  const author = (r: ExportRating) => (r.author ? personName(r.author) : t('export.former_member'));
  return { t, named, action, author, locale };
}

/**
 * One record's readable and machine files, written as ratings arrive in pages: `index.html` (readable offline, photos
 * inline through relative paths), `ratings.csv` and `ratings.json`. With `html: false` only CSV and JSON are written.
 */
export class RecordFiles {
  private count = 0;
  /** Sections of index.html after the ratings (the child's messages). */
  private tail = '';

  private constructor(
    private readonly L: Labels,
    private readonly registry: MediaRegistry,
    /** How the written files reach the registry's folder (`media/` beside them, or `../media/`). */
    private readonly prefix: string,
    private readonly withStudents: boolean,
    private readonly html: TextSink | null,
    private readonly csv: TextSink,
    private readonly json: TextSink,
  ) {}

  static async open(o: {
    L: Labels;
    registry: MediaRegistry;
    prefix: string;
    withStudents: boolean;
    dir: string;
    html: boolean;
    heading: RecordHeading;
    jsonHead: object;
  }) {
    const { t } = o.L;
    const [html, csv, json] = await Promise.all([
      o.html ? TextSink.open(`${o.dir}/index.html`) : null,
      TextSink.open(`${o.dir}/ratings.csv`),
      TextSink.open(`${o.dir}/ratings.json`),
    ]);
    const self = new RecordFiles(o.L, o.registry, o.prefix, o.withStudents, html, csv, json);
    // A byte-order mark, so that spreadsheet programs read the CSV as UTF-8 (names in any script).
    await csv.write(
      `\ufeff${csvRow([
        t('export.date'),
        t('export.class'),
        t('export.skill'),
        t('export.action'),
        t('export.points'),
        t('export.note'),
        t('export.author'),
        t('export.whole_class'),
        ...(o.withStudents ? [t('export.students')] : []),
        t('export.attachments'),
      ])}`,
    );
    await json.write(`${JSON.stringify(o.jsonHead).slice(0, -1)},"ratings":[`);
    if (html) await self.head(o.heading);
    return self;
  }

  private async head(x: RecordHeading) {
    const { t, locale } = this.L;
    const avatar = x.avatar ? await this.registry.add(x.avatar) : null;
    await this.html!.write(
      `<!doctype html>\n<html lang="${h(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${h(x.title)}</title><style>${EXPORT_STYLE}</style></head><body><main>` +
        `<header>${avatar ? `<img class="avatar" src="${hrefOf(this.prefix + avatar)}" alt="">` : ''}<div><h1>${h(x.title)}</h1>` +
        x.lines.map((l) => `<p>${h(l)}</p>`).join('') +
        `</div></header>` +
        (x.files.length
          ? `<nav aria-label="${h(t('export.files'))}"><ul>${x.files.map((f) => `<li><a href="${hrefOf(f.href)}">${h(f.label)}</a></li>`).join('')}</ul></nav>`
          : '') +
        `<h2>${h(t('export.ratings'))}</h2><ol class="ratings">`,
    );
  }

  async add(r: ExportRating) {
    const { t, named, author } = this.L;
    const files: { kind: number; path: string | null; name: string }[] = [];
    for (const m of r.medias) {
      const path = await this.registry.add(m.media);
      // Paths as seen from the written files (the registry's folder may be beside them or one level up).
      files.push({ kind: m.media.mediaType, path: path === null ? null : this.prefix + path, name: m.media.fileOriginalName });
    }
    const skill = named(r.skill);
    const action = this.L.action(r.action);
    const students = r.students.map(personName).join('; ');
    await this.csv.write(
      csvRow([
        dayMonthYear(r.date),
        r.className,
        skill,
        action,
        r.points,
        r.description ?? '',
        author(r),
        r.isWholeClass ? t('export.yes') : t('export.no'),
        ...(this.withStudents ? [students] : []),
        files
          .map((f) => f.path ?? '')
          .filter(Boolean)
          .join('; '),
      ]),
    );
    const item = {
      '@id': `/api/auth/v1/rating/${r.id}`,
      id: r.id,
      date: r.date,
      teachingClass: { id: r.classId, name: r.className },
      learningSkill: { id: r.skill.id, name: skill },
      learningAction: r.action ? { id: r.action.id, name: action } : null,
      points: r.points,
      description: r.description,
      isWholeClass: r.isWholeClass,
      creator: r.author,
      ...(this.withStudents ? { students: r.students } : {}),
      media: r.medias.map((m, i) => ({
        id: m.media.id,
        mediaType: m.media.mediaType,
        mimeType: m.media.mimeType,
        fileOriginalName: m.media.fileOriginalName,
        path: files[i]!.path,
      })),
      comments: r.comments,
    };
    await this.json.write(`${this.count ? ',' : ''}\n${JSON.stringify(item)}`);
    this.count++;
    if (!this.html) return;
    const photos = files.filter((f) => f.kind === MediaType.RatingPhoto && f.path);
    const others = files.filter((f) => f.kind !== MediaType.RatingPhoto || !f.path);
    await this.html.write(
      `<li><article><h3><time datetime="${h(r.date)}">${dayMonthYear(r.date)}</time> · ${h(skill)}</h3>` +
        `<p class="action">${h(action)}</p><dl>` +
        `<dt>${h(t('export.points'))}</dt><dd>${r.points}</dd>` +
        `<dt>${h(t('export.author'))}</dt><dd>${h(author(r))}</dd>` +
        `<dt>${h(t('export.class'))}</dt><dd>${h(r.className)}</dd>` +
        (students ? `<dt>${h(t('export.students'))}</dt><dd>${h(students)}</dd>` : '') +
        `</dl>` +
        (r.isWholeClass ? `<p class="whole">${h(t('export.whole_class'))}</p>` : '') +
        (r.description ? `<p class="note">${h(r.description)}</p>` : '') +
        (photos.length
          ? `<div class="photos">${photos.map((f) => `<img src="${hrefOf(f.path!)}" alt="${h(t('export.photo', { name: f.name }))}">`).join('')}</div>`
          : '') +
        (others.length
          ? `<ul class="files">${others.map((f) => `<li>${f.path ? `<a href="${hrefOf(f.path)}">${h(f.name)}</a>` : `${h(f.name)} (${h(t('export.missing'))})`}</li>`).join('')}</ul>`
          : '') +
        (r.comments.length
          ? `<h4>${h(t('export.comments'))}</h4><ul class="comments">${r.comments
              .map(
                (c) =>
                  `<li><strong>${h(c.author)}</strong> ` +
                  `<time datetime="${h(c.created)}">${dayMonthYear(c.created.slice(0, 10))}</time>: ${h(c.text)}</li>`,
              )
              .join('')}</ul>`
          : '') +
        `</article></li>`,
    );
  }

  /** A section of index.html written after the ratings (already escaped HTML). */
  append(html: string) {
    this.tail += html;
  }

  /** Closes every file of a run that stopped before its end (their folder is removed after). */
  async discard() {
    await Promise.allSettled([this.html?.close(), this.csv.close(), this.json.close()]);
  }

  /** Closes every file; answers their sizes by name. */
  async close(): Promise<Record<'index.html' | 'ratings.csv' | 'ratings.json', number | null>> {
    const { t } = this.L;
    await this.json.write(`${this.count ? '\n' : ''}]}\n`);
    if (this.html)
      await this.html.write(`</ol>${this.count ? '' : `<p>${h(t('export.no_ratings'))}</p>`}${this.tail}</main></body></html>\n`);
    const [html, csv, json] = await Promise.all([this.html?.close() ?? null, this.csv.close(), this.json.close()]);
    return { 'index.html': html, 'ratings.csv': csv, 'ratings.json': json };
  }
}
