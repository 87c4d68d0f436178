import pLimit from 'p-limit';
import type { Report } from '@skillroom/contract';
import type { SkillGrowth } from '../../records/growth-figures';
import { betweenUnits } from '../../http/work-pace';
import { placeEntry } from './report-pdf-layout';
import { duration, isAudio, isPhoto, isVideo, pictureKeys, TILE, tileHeight } from './report-pdf-media';
import { INK, MARGIN, MUTED, RULE, TextFitter, type Pdf } from './report-pdf-page';
import type { PortfolioRating } from './report-portfolio.repository';

/** An image pdfkit has opened (its types only know sources): drawn again, it is the same object in the file. */
type Picture = { width: number; height: number; label: string };
type Media = PortfolioRating['medias'][number]['media'];

/** Where a portfolio's ratings and pictures come from (the reports service, over the database and the file store). */
export interface PortfolioSource {
  /** A student's ratings of the range, in date order, page by page. */
  ratings(scope: { classIds: number[]; studentId: number; start: string; end: string }): AsyncIterable<PortfolioRating[]>;
  /** A picture scaled to print (JPEG) from the first of `keys` that can be read, or null. */
  picture(keys: string[]): Promise<Buffer | null>;
  /** Each rated student's report of a class report, one at a time (the unrated are listed in the class summary). */
  students(r: Report): AsyncIterable<Report>;
  /** A student report's growth per skill over its classes and range (the growth service's figures). */
  growth(r: Report): Promise<SkillGrowth[]>;
}

/** Pictures already in the PDF, by media id: a photo in several students' portfolios is stored once. */
export type PictureCache = Map<number, Picture | null>;

const PER_ROW = 2;

/** Every rating of a student report's range with its note, author and attachments, grouped by week, under a heading. */
export async function drawPortfolio(p: Pdf, source: PortfolioSource, r: Report, pictures: PictureCache, signal?: AbortSignal) {
  const { L } = p;
  const scope = { classIds: r.teachingClasses.map((c) => c.id), studentId: r.student!.id, start: r.start, end: r.end };
  const several = scope.classIds.length > 1;
  let week = '';
  // The heading goes with the first rating, so that it never ends a page alone.
  let title: string | null = L.t('report_pdf.portfolio');
  const fitter = new TextFitter(p.doc);
  for await (const page of source.ratings(scope)) {
    // The reader went away (the stream was destroyed): nothing more to make.
    if (p.doc.destroyed) return;
    // A page of 50 ratings with their pictures is the unit: the loop gets a turn, and a stop ends the run here.
    await betweenUnits(signal);
    // The page's pictures are read and scaled two at a time while the ratings are laid out in order.
    const limit = pLimit(2);
    const loads = new Map<number, Promise<Buffer | null>>();
    for (const rating of page)
      for (const { media } of rating.medias) {
        const keys = pictureKeys(media);
        if (keys.length && !pictures.has(media.id) && !loads.has(media.id))
          loads.set(
            media.id,
            limit(() => source.picture(keys)),
          );
      }
    for (const rating of page) {
      const monday = mondayOf(rating.date);
      const lead = monday !== week ? L.weekOf(monday) : null;
      week = monday;
      await drawRating(p, rating, { title, lead, fitter, several, pictures, loads });
      title = null;
    }
  }
}

function mondayOf(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

interface Context {
  /** The portfolio's heading, above the first rating's lead. */
  title: string | null;
  lead: string | null;
  fitter: TextFitter;
  several: boolean;
  pictures: PictureCache;
  loads: Map<number, Promise<Buffer | null>>;
}

async function drawRating(p: Pdf, r: PortfolioRating, c: Context) {
  const { doc, L } = p;
  const { t } = L;
  const x = p.x + 10;
  const w = p.width - 10;
  // The points and the stage they name on the skill (DESIGN §12), right of the heading: "4 points · Secure".
  const stage = L.stageAt(r.skill.stages, r.points);
  const points = stage ? `${L.points(r.points)} · ${stage}` : L.points(r.points);
  const pointsW = Math.min(160, Math.max(80, doc.fontSize(10.5).widthOfString(points) + 4));
  const head = `${L.date(r.date)} · ${L.named(r.skill)} — ${L.action(r.action)}`;
  const author = r.author ? L.person(r.author) : t('report_pdf.former_member');
  const meta = [
    t('report_pdf.by', { name: author }),
    r.source === 'home' ? t('report_pdf.at_home') : '',
    r.isWholeClass ? t('report_pdf.whole_class') : '',
    c.several ? r.className : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const medias = r.medias.map((m) => m.media);
  const tiles = medias.filter((m) => isPhoto(m) || isVideo(m));
  const files = medias
    .filter((m) => !isPhoto(m) && !isVideo(m))
    .map((m) => t(isAudio(m) ? 'report_pdf.audio' : 'report_pdf.file', { name: m.fileOriginalName }));
  const note = r.description?.trim() ?? '';

  const f = c.fitter;
  const headH = Math.max(f.measure(head, 10.5, w - pointsW).height, f.measure(points, 10.5, pointsW).height);
  const metaH = f.measure(meta, 8, w).height;
  const noteH = note ? f.measure(note, 9.5, w).height + 4 : 0;
  const filesH = files.length ? f.measure(files.join('\n'), 8.5, w).height + 3 : 0;
  const text = headH + 2 + metaH + noteH + filesH + 6;
  // Pictures are opened before the rating is placed: a row is as tall as its tallest picture at the tile's width.
  const opened = [];
  for (const m of tiles) opened.push(await openPicture(p, m, c));
  const rows: number[] = [];
  for (let i = 0; i < tiles.length; i += PER_ROW) {
    const row = opened.slice(i, i + PER_ROW);
    rows.push(Math.max(...row.map(tileHeight)) + (tiles.slice(i, i + PER_ROW).some(isVideo) ? 14 : 0) + 6);
  }
  const titleH = c.title ? f.measure(c.title, 13, p.width).height + 14 : 0;
  const weekH = c.lead ? f.measure(c.lead, 11.5, p.width).height + 10 : 0;
  const leadH = titleH + weekH;
  const plan = placeEntry(doc.y, { lead: leadH, text: text + 10, rows }, { top: MARGIN, bottom: p.bottom() });
  if (plan.newPage) doc.addPage();

  if (c.title) f.draw(c.title, p.x, plan.lead + 8, p.width, { size: 13, color: INK });
  if (c.lead) {
    f.draw(c.lead, p.x, plan.lead + titleH + 2, p.width, { size: 11.5, color: INK });
    const ly = plan.lead + leadH - 3;
    doc
      .moveTo(p.x, ly)
      .lineTo(p.x + p.width, ly)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  const top = plan.text + 4;
  doc.rect(p.x, top, 3, text - 6).fill(r.skill.colorCode);
  f.draw(head, x, top, w - pointsW, { size: 10.5, color: INK });
  f.draw(points, x + w - pointsW, top, pointsW, { size: 10.5, color: r.skill.colorCode, align: 'right' });
  let y = top + headH + 2;
  f.draw(meta, x, y, w, { size: 8, color: MUTED });
  y += metaH;
  if (note) {
    f.draw(note, x, y + 3, w, { size: 9.5, color: INK });
    y += noteH;
  }
  if (files.length) f.draw(files.join('\n'), x, y + 2, w, { size: 8.5, color: MUTED });

  for (const [i, row] of plan.rows.entries()) {
    if (row.newPage) doc.addPage();
    for (let j = 0; j < PER_ROW && i * PER_ROW + j < tiles.length; j++) {
      const k = i * PER_ROW + j;
      drawTile(p, tiles[k]!, opened[k]!, x + j * (TILE.width + TILE.gap), row.y);
    }
  }
  doc.x = p.x;
  doc.y = plan.end;
}

/** A media's picture, opened in the PDF once (a whole-class photo is in every student's portfolio); null: none. */
async function openPicture(p: Pdf, m: Media, c: Context): Promise<Picture | null> {
  let picture = c.pictures.get(m.id);
  if (picture === undefined) {
    const data = await c.loads.get(m.id);
    picture = data ? (p.doc as unknown as { openImage(b: Buffer): Picture }).openImage(data) : null;
    c.pictures.set(m.id, picture);
  }
  return picture;
}

function drawTile(p: Pdf, m: Media, picture: Picture | null, x: number, y: number) {
  const { doc, L } = p;
  const height = tileHeight(picture);
  if (picture) doc.image(picture as unknown as Buffer, x, y, { fit: [TILE.width, height], align: 'center' });
  else {
    const kind = L.t(isVideo(m) ? 'report.media_video' : 'report.media_photo');
    doc.rect(x, y, TILE.width, height).fill('#f1f5f9');
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(L.t('report_pdf.missing', { kind, name: m.fileOriginalName }), x + 8, y + 8, {
        width: TILE.width - 16,
        height: height - 16,
      });
  }
  if (isVideo(m)) {
    const caption = L.t('report_pdf.video', { duration: duration(m.duration) });
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(caption, x, y + height + 3, { width: TILE.width });
  }
}
