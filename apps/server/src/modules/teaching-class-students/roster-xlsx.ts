import type ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { HttpError } from '../../http/errors';
import { unsupportedFile } from './roster-decode';
import { cleanCell, tooManyRows, type GridRow } from './roster-parse';

/** What a 2 MB workbook may unpack to: a class list is a few hundred KB of XML; more is a zip bomb, not a roster. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

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

/** Whether a zip holds a workbook, and the unpacked size its central directory announces (jszip keeps it per entry). */
async function inspectZip(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const size = Object.values(zip.files).reduce(
    (n, f) => n + ((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0),
    0,
  );
  return { workbook: zip.file('xl/workbook.xml') !== null, size };
}

/** The first worksheet with anything in it, as rows of text cells with their sheet row numbers. */
export async function xlsxGrid(bytes: Buffer): Promise<GridRow[]> {
  // Loaded when first used, not at every start: it is a fifth of the time a start takes to load the server's modules.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    const zip = await inspectZip(bytes);
    if (!zip.workbook) throw unsupportedFile();
    if (zip.size > MAX_UNPACKED_BYTES) throw new HttpError(413, ROSTER_IMPORT_MESSAGES.tooLarge);
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    // A zip that is not a workbook (a .docx, an .odt, a plain archive) is not a roster file.
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
