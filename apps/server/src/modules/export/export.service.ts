import { inNameOrder, type Report } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { FileStore } from '../../lib/file-store';
import { HeapBudget } from '../../lib/heap-budget';
import { betweenUnits } from '../../http/work-pace';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import { reportPdfStream } from '../reports/report-pdf';
import { reportClassGrid, reportGrowth } from '../reports/report-growth.service';
import { portfolioSource } from '../reports/report-portfolio.service';
import { spreadsheetHere, type SpreadsheetMaker } from '../reports/report-spreadsheet-maker';
import { inReadersOrder, NO_RATINGS, reportsService, type SkillsMemo } from '../reports/reports.service';
import { CLASS_NOT_FOUND } from '../../class-access/class-roles';
import { usersRepository } from '../users/users.repository';
import { dayMonthYear, personName, safeName } from './export-format';
import { exportLabels, MediaRegistry, RecordFiles } from './export-record';
import { filled, fullRange, pages } from './export-steps';
import { messagesFile } from './export-messages';
import { selfAssessmentsFile } from './export-self-assessments';
import { ExportWorkspace } from './export-sink';
import { fileEntry, type ZipEntry } from './export-zip';
import { authorize, can, permit } from '../../class-access/access-rules';
import { exportRepository as repo, type MediaRow } from './export.repository';

export interface ExportDeps {
  db: Db;
  files: FileStore;
  urlSigner: UrlSigner;
  /** Where the export's temporary files go (DATA_DIR/tmp/exports). */
  tmpRoot: string;
  /**
   * The request's signal (http/request-signal): aborted when the client goes away or the instance stops. The build
   * checks it between units and stops with `WorkAborted`; its folder is removed and the caller frees the user's slot.
   */
  signal?: AbortSignal;
  /** What makes the workbooks: the heavy-work pool's (export.routes.ts), else on this thread. */
  spreadsheet?: SpreadsheetMaker;
}

/** What an export sends, once authorised and prepared: its entries (sizes known), who and what it covers. */
export interface ExportPlan {
  fileName: string;
  entries: ZipEntry[];
  workspace: ExportWorkspace;
  studentIds: number[];
  classIds: number[];
}

const today = () => new Date().toISOString().slice(0, 10);
const STUDENT_NOT_FOUND = 'Student not found.';

interface StudentPart {
  studentId: number;
  person: { firstName: string; lastName: string | null };
  avatar: MediaRow | null;
  /** The places (with class and school) the part covers: its ratings and its portfolio come from these classes only. */
  places: Parameters<typeof reportsService.ofPlaces>[3];
  /**
   * What a class export knows for all its students: the range (the class's), whether this student has nothing in the
   * class (no rating names them, none is whole-class: nothing to read), and the class's skills, read once.
   */
  known?: { range: { startDate: string; endDate: string }; empty: boolean; skills: SkillsMemo };
}

/**
 * Writes one student's files into `folder` of the workspace: index, CSV, JSON, portfolio PDF and report xlsx.
 * Answers their zip entries (attachments go to the registry).
 */
async function writeStudent(
  deps: ExportDeps,
  p: Principal,
  ws: ExportWorkspace,
  locale: string,
  folder: string,
  prefix: string,
  registry: MediaRegistry,
  part: StudentPart,
) {
  const L = exportLabels(locale);
  const classIds = part.places.map((x) => x.cls.id);
  const range =
    part.known?.range ??
    (await fullRange(
      deps.db,
      classIds,
      part.places.map((x) => x.cls.start),
    ));
  const empty = part.known?.empty ?? false;
  const report = await reportsService.ofPlaces(deps.db, deps.urlSigner, part.studentId, part.places, range, {
    rows: empty ? NO_RATINGS : undefined,
    skills: part.known?.skills,
  });
  // One file at a time, each on disk before the next is made: a class of 30 never holds more than one in memory.
  const at = (n: string) => (folder ? `${folder}/${n}` : n);
  // The portfolio streams to its file as it is made, its photos scaled to print and read one at a time.
  const source = portfolioSource(deps, p.userId);
  const pdf = await ws.writeStream(at('portfolio.pdf'), await reportPdfStream(report, locale, { source, signal: deps.signal }));
  await betweenUnits(deps.signal);
  const rows = empty ? [] : await reportsService.ratings(deps.db, report);
  // A student never rated has no growth to read (the export's range is the classes' whole dates).
  const growth = empty ? [] : await reportGrowth(deps.db, report);
  const sheet = await (deps.spreadsheet ?? spreadsheetHere)(report, locale, rows, { quick: true, growth });
  const xlsx = await ws.writeFile(at('report.xlsx'), sheet);
  const name = personName(part.person);
  const files = await RecordFiles.open({
    L,
    registry,
    prefix,
    withStudents: false,
    dir: ws.path(folder),
    html: true,
    jsonHead: {
      '@type': 'StudentRecord',
      student: { id: part.studentId, firstName: part.person.firstName, lastName: part.person.lastName },
      teachingClasses: report.teachingClasses.map((c) => ({ id: c.id, name: c.name })),
      exported: new Date().toISOString(),
    },
    heading: {
      title: L.t('export.title_student', { name }),
      lines: [
        `${L.t('export.classes')}: ${report.teachingClasses.map((c) => c.name).join(', ')}`,
        L.t('export.made', { date: dayMonthYear(today()) }),
      ],
      avatar: part.avatar,
      files: [
        { href: 'portfolio.pdf', label: L.t('export.portfolio') },
        { href: 'report.xlsx', label: L.t('export.spreadsheet') },
        { href: 'ratings.csv', label: 'ratings.csv' },
        { href: 'ratings.json', label: 'ratings.json' },
        { href: 'messages.json', label: 'messages.json' },
        { href: 'self-assessments.json', label: 'self-assessments.json' },
      ],
    },
  });
  let json = Buffer.alloc(0);
  let selfJson = Buffer.alloc(0);
  const sizes = await filled(files, async () => {
    if (!empty)
      await pages(deps.db, deps.signal, { classIds, studentId: part.studentId, withStudents: false, userId: p.userId }, (r) =>
        files.add(r),
      );
    // The child's conversations, after the ratings: a "Messages" section, messages.json, and their attachments in the zip.
    const written = await messagesFile(deps.db, part, L, registry, prefix);
    files.append(written.html);
    json = written.json;
    // The child's own view of their learning (DESIGN §12), after the messages.
    const own = await selfAssessmentsFile(deps.db, part, L, registry, prefix);
    files.append(own.html);
    selfJson = own.json;
  });
  const messages = await ws.writeFile(at('messages.json'), json);
  const selves = await ws.writeFile(at('self-assessments.json'), selfJson);
  return [
    fileEntry(at('index.html'), ws.path(at('index.html')), sizes['index.html']!),
    fileEntry(at('messages.json'), messages.file, messages.size),
    fileEntry(at('self-assessments.json'), selves.file, selves.size),
    fileEntry(at('portfolio.pdf'), pdf.file, pdf.size),
    fileEntry(at('report.xlsx'), xlsx.file, xlsx.size),
    fileEntry(at('ratings.csv'), ws.path(at('ratings.csv')), sizes['ratings.csv']!),
    fileEntry(at('ratings.json'), ws.path(at('ratings.json')), sizes['ratings.json']!),
  ];
}

const languageOf = async (db: Db, p: Principal) => (await usersRepository.findById(db, p.userId))?.user.preferredLanguage ?? 'en';

/** Runs `make` in a fresh workspace, removed again when making fails. */
async function inWorkspace(deps: ExportDeps, make: (ws: ExportWorkspace) => Promise<Omit<ExportPlan, 'workspace'>>): Promise<ExportPlan> {
  const ws = await ExportWorkspace.create(deps.tmpRoot);
  try {
    return { ...(await make(ws)), workspace: ws };
  } catch (e) {
    await ws.remove();
    throw e;
  }
}

export const exportService = {
  /**
   * A Student's record (DESIGN §6): the classes where the user teaches them or is linked to them (one with
   * teachingClassId). Evaluators see but may not export (403); a student the user may not see is unknown (404).
   */
  async student(deps: ExportDeps, p: Principal, studentId: number, q: { teachingClassId?: number }): Promise<ExportPlan> {
    const all = await repo.placesOfStudent(deps.db, studentId, p.userId);
    const seen = all.filter((x) => can(p, 'place.read', x));
    const scoped = q.teachingClassId !== undefined ? seen.filter((x) => x.cls.id === q.teachingClassId) : seen;
    if (!scoped.length) throw notFound(q.teachingClassId !== undefined && seen.length ? CLASS_NOT_FOUND : STUDENT_NOT_FOUND);
    const allowed = scoped.filter((x) => can(p, 'place.export', x));
    // None may be exported: the rule's 403, asked of one of them.
    if (!allowed.length) permit(p, 'place.export', scoped[0]!);
    const person = await repo.student(deps.db, studentId);
    // Deleted since its places were read.
    if (!person) throw notFound(STUDENT_NOT_FOUND);
    const locale = await languageOf(deps.db, p);
    const classIds = allowed.map((x) => x.cls.id);
    return inWorkspace(deps, async (ws) => {
      const registry = new MediaRegistry(deps.files, 'media/');
      const own = await writeStudent(deps, p, ws, locale, '', '', registry, {
        studentId,
        person,
        avatar: (await repo.mediaByIds(deps.db, person.avatarId ? [person.avatarId] : []))[0] ?? null,
        places: allowed,
      });
      return {
        fileName: `record-${safeName(personName(person), 'student')}-${today()}.zip`,
        entries: [...own, ...registry.entries()],
        studentIds: [studentId],
        classIds,
      };
    });
  },

  /** A whole class (DESIGN §6): a folder per student, and the class report, CSV and JSON at the root; its teachers only. */
  async teachingClass(deps: ExportDeps, p: Principal, classId: number): Promise<ExportPlan> {
    const found = await repo.classWithRole(deps.db, classId, p.userId);
    authorize(p, 'class.export', found);
    const locale = await languageOf(deps.db, p);
    const L = exportLabels(locale);
    // Students in the reader's name order (issue 36 §5), as the app lists them.
    const places = inNameOrder(await repo.placesOfClass(deps.db, classId), locale);
    return inWorkspace(deps, async (ws) => {
      // One student's files after another, within a memory budget (lib/heap-budget) that counts the class's files too:
      // 32 MB as for the class PDF, since each forced collection walks the whole heap (a class of 200 without ratings:
      // at 12 MB, 24 collections and 23% of the export's time in the collector; at 32 MB, 2 and 12%).
      const budget = new HeapBudget(32);
      const registry = new MediaRegistry(deps.files, 'media/');
      const range = await fullRange(deps.db, [classId], [found.cls.start]);
      const report: Report = inReadersOrder(await reportsService.forClass(deps.db, deps.urlSigner, p, classId, range), locale);
      const root = await RecordFiles.open({
        L,
        registry,
        prefix: '',
        withStudents: true,
        dir: ws.dir,
        html: false,
        heading: { title: '', lines: [], avatar: null, files: [] },
        jsonHead: { '@type': 'ClassRecord', teachingClass: { id: classId, name: found.cls.name }, exported: new Date().toISOString() },
      });
      const sizes = await filled(root, () =>
        pages(deps.db, deps.signal, { classIds: [classId], withStudents: true, userId: p.userId }, (r) => root.add(r)),
      );
      // The class summary and its growth grid only: each student's portfolio is in their own folder.
      const grid = await reportClassGrid(deps.db, report);
      const pdf = await ws.writeStream(
        'class-report.pdf',
        await reportPdfStream(report, locale, { perStudent: false, grid, signal: deps.signal }),
      );
      await betweenUnits(deps.signal);
      const rows = await reportsService.ratings(deps.db, report);
      const growth = await reportGrowth(deps.db, report);
      const sheet = await (deps.spreadsheet ?? spreadsheetHere)(report, locale, rows, { quick: true, growth });
      const xlsx = await ws.writeFile('class-report.xlsx', sheet);
      const entries: ZipEntry[] = [
        fileEntry('class-report.pdf', pdf.file, pdf.size),
        fileEntry('class-report.xlsx', xlsx.file, xlsx.size),
        fileEntry('ratings.csv', ws.path('ratings.csv'), sizes['ratings.csv']!),
        fileEntry('ratings.json', ws.path('ratings.json'), sizes['ratings.json']!),
      ];
      const avatars = new Map(
        (
          await repo.mediaByIds(
            deps.db,
            places.map((x) => x.avatarId).filter((x): x is number => x !== null),
          )
        ).map((m) => [m.id, m]),
      );
      const rated = await repo.ratedInClass(deps.db, classId);
      const skills: SkillsMemo = new Map();
      for (const place of places) {
        // One folder per place, named so that two children of the same name never share one.
        const folder = `${safeName(personName(place), 'student')}-${place.id}`;
        const avatar = place.avatarId ? (avatars.get(place.avatarId) ?? null) : null;
        const known = { range, empty: !rated.whole && !rated.named.has(place.studentId), skills };
        const part = {
          studentId: place.studentId,
          person: place,
          avatar,
          places: [{ place, cls: found.cls, school: found.school }],
          known,
        };
        entries.push(...(await writeStudent(deps, p, ws, locale, folder, '../', registry, part)));
        budget.check();
        await betweenUnits(deps.signal);
      }
      const name = `class-${safeName(found.cls.name, 'class')}-${today()}.zip`;
      return {
        fileName: name,
        entries: [...entries, ...registry.entries()],
        studentIds: [...new Set(places.map((x) => x.studentId))],
        classIds: [classId],
      };
    });
  },
};
