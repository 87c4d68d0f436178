import type ExcelJS from 'exceljs';
import { ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { HttpError } from '../../http/errors';
import { boundedUnzip, storedZip, UnpackedTooLarge } from '../../lib/bounded-unzip';
import { unsupportedFile } from './roster-decode';
import { cleanCell, tooManyRows, type GridRow } from './roster-parse';

const unpacksTooLarge = () => new HttpError(413, ROSTER_IMPORT_MESSAGES.unpacksTooLarge);

type CellValue = ExcelJS.CellValue;

/**
 * A cell's value as plain text. A formula cell gives its cached result, or its formula text when it has none: it is
 * never evaluated (`=HYPERLINK(...)` stays text). Dates are YYYY-MM-DD; errors are empty.
 */
export function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('formula' in v || 'sharedFormula' in v) {
    const f = v as ExcelJS.CellFormulaValue | ExcelJS.CellSharedFormulaValue;
    if (f.result !== undefined && f.result !== null && typeof f.result !== 'object') return String(f.result);
    const text = 'formula' in f ? f.formula : f.sharedFormula;
    return text ? `=${text}` : '';
  }
  if ('text' in v && typeof v.text === 'string') return v.text;
  return '';
}

/**
 * The workbook's parts, inflated and counted within the unpacked cap (the sizes its headers declare are never
 * believed), re-packed as a STORED zip for exceljs, which then has nothing to inflate.
 */
async function trustedWorkbook(bytes: Buffer): Promise<Buffer> {
  let entries;
  try {
    entries = await boundedUnzip(bytes, { maxBytes: ROSTER_IMPORT_LIMITS.maxUnpackedBytes });
  } catch (e) {
    if (e instanceof UnpackedTooLarge) throw unpacksTooLarge();
    throw unsupportedFile();
  }
  // A zip that is not a workbook (a .docx, an .odt, a plain archive) is not a roster file.
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw unsupportedFile();
  return storedZip(entries);
}

/** The first worksheet with anything in it, as rows of text cells with their sheet row numbers. */
export async function xlsxGrid(bytes: Buffer): Promise<GridRow[]> {
  // Loaded when first used, not at every start: it is a fifth of the time a start takes to load the server's modules.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const stored = await trustedWorkbook(bytes);
  try {
    await wb.xlsx.load(stored as unknown as ArrayBuffer);
  } catch {
    throw unsupportedFile();
  }
  const sheet = wb.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  if (sheet.actualRowCount > ROSTER_IMPORT_LIMITS.maxRows + 10) throw tooManyRows();
  const rows: GridRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      cells[col - 1] = cleanCell(cellText(c.value));
    });
    rows.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  });
  return rows;
}
