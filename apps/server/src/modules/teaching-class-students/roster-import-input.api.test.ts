import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass, type TestUser } from '../../../test/classes';
import { IMPORT, importFile, importText, placeCount, studentCount } from '../../../test/roster';

let s: TestServer;
let t: TestUser;
let classId: number;
beforeAll(async () => {
  s = await startTestServer();
  t = await signUp(s);
  classId = (await createClass(s, t)).id;
});
afterAll(() => s.close());

const preview = async (content: Buffer, filename = 'class.csv') => {
  const res = await importFile(s, t.token, classId, content, { dryRun: true, filename });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows as { line: number; status: string; firstName: string; lastName: string | null; code: string | null }[];
};

async function workbook(rows: ExcelJS.CellValue[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Class');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('POST /teaching-class-student/import: files read right', () => {
  it('reads UTF-8 with and without BOM, UTF-16 LE and BE by their BOM, and Windows-1252 ("Zoë")', async () => {
    const csv = 'First name,Last name\nZoë,Brontë\n陳,大文\n';
    const utf16be = Buffer.from(Buffer.from(csv, 'utf16le').swap16());
    const cases: [string, Buffer][] = [
      ['utf-8', Buffer.from(csv)],
      ['utf-8 bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)])],
      ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')])],
      ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be])],
    ];
    for (const [name, bytes] of cases) {
      const rows = await preview(bytes);
      expect(
        rows.map((r) => [r.firstName, r.lastName]),
        name,
      ).toEqual([
        ['Zoë', 'Brontë'],
        ['陳', '大文'],
      ]);
    }
    const cp1252 = Buffer.from('Nombre;Apellido(s)\nZo\xeb;Mu\xf1oz\n', 'latin1');
    expect((await preview(cp1252)).map((r) => [r.firstName, r.lastName])).toEqual([['Zoë', 'Muñoz']]);
  });

  it('understands headers in the three locales and OneRoster users.csv (student rows only)', async () => {
    const zh = await preview(Buffer.from('學生編號,姓,名\nS1,陳,大文\n'));
    expect(zh[0]).toMatchObject({ firstName: '大文', lastName: '陳', code: 'S1' });
    const es = await preview(Buffer.from('Código;Nombre;Apellido(s)\nE-7;Lucía;García López\n'));
    expect(es[0]).toMatchObject({ firstName: 'Lucía', lastName: 'García López', code: 'E-7' });
    const full = await preview(Buffer.from('姓名\t編號\nWong Siu Ming\t9\n'));
    expect(full[0]).toMatchObject({ firstName: 'Wong Siu', lastName: 'Ming', code: '9' });
    const oneRoster = [
      'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email',
      'u1,active,2026-01-01,true,org1,teacher,tlee,,Tina,Lee,,T-1,t@example.org',
      'u2,active,2026-01-01,true,org1,student,ajones,,Alex,Jones,,S-100,',
      'u3,active,2026-01-01,true,org1,guardian,pjones,,Pat,Jones,,G-1,',
      'u4,active,2026-01-01,true,org1,student,bkim,,Bo,Kim,,S-101,',
    ].join('\r\n');
    const res = await importFile(s, t.token, classId, Buffer.from(oneRoster), { dryRun: true, filename: 'users.csv' });
    expect(res.json().rows.map((r: { line: number; firstName: string; code: string }) => [r.line, r.firstName, r.code])).toEqual([
      [3, 'Alex', 'S-100'],
      [5, 'Bo', 'S-101'],
    ]);
    expect(res.json().summary.ignored).toBe(2);
  });

  it('reads xlsx: the first sheet, a title row above the header, formulas as their text or cached value, never evaluated', async () => {
    const bytes = await workbook([
      ['Class 3B'],
      ['First name', 'Last name', 'Code'],
      ['Ana', 'Lopez', 7],
      [{ formula: 'HYPERLINK("http://evil.example","Click")' } as ExcelJS.CellFormulaValue, 'Smith', 'F-1'],
      [{ formula: 'A3&"!"', result: 'Ana!' } as ExcelJS.CellFormulaValue, { richText: [{ text: 'Rich' }, { text: 'Text' }] }, ''],
    ]);
    const rows = await preview(bytes, 'class.xlsx');
    expect(rows.map((r) => [r.line, r.firstName, r.lastName, r.code])).toEqual([
      [3, 'Ana', 'Lopez', '7'],
      [4, '=HYPERLINK("http://evil.example","Click")', 'Smith', 'F-1'],
      [5, 'Ana!', 'RichText', null],
    ]);
  });

  it('keeps a CSV formula cell as text, stored as typed, and reads quoted cells', async () => {
    const csv = 'Name,Code\n"=HYPERLINK(""http://evil.example"",""x"")",F-2\n"Lopez, Ana",A-2\n';
    const res = await importFile(s, t.token, classId, Buffer.from(csv));
    expect(res.statusCode).toBe(201);
    const [f, a] = res.json()['hydra:member'];
    expect(f.firstName).toBe('=HYPERLINK("http://evil.example","x")');
    expect(a).toMatchObject({ firstName: 'Ana', lastName: 'Lopez' });
    // The class spreadsheet writes the name back as a text cell: Excel shows it, never runs it.
    const sheet = await s.app.inject({
      method: 'GET',
      url: `${API}/report/spreadsheet/class/${classId}`,
      headers: { authorization: `Bearer ${t.token}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => void (String(c.value).includes('HYPERLINK') && cells.push(c)))));
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.type === ExcelJS.ValueType.String)).toBe(true);
  });
});

describe('POST /teaching-class-student/import: bad input answers clearly and writes nothing', () => {
  const nothingWritten = async (before: number, places: number) => {
    expect(await studentCount(s)).toBe(before);
    expect(await placeCount(s, classId)).toBe(places);
  };

  it('415 for a file that is not CSV or xlsx (PDF, old .xls, an image, a zip that is no workbook, UTF-16 without BOM)', async () => {
    const [before, places] = [await studentCount(s), await placeCount(s, classId)];
    const zip = new JSZip();
    zip.file('notes.txt', 'First name\nAna');
    const cases: Buffer[] = [
      Buffer.from('%PDF-1.4\n1 0 obj\n'),
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      await zip.generateAsync({ type: 'nodebuffer' }),
      Buffer.from('First name\nAna\n', 'utf16le'),
    ];
    for (const bytes of cases) {
      const res = await importFile(s, t.token, classId, bytes, { filename: 'class.csv' });
      expect(res.statusCode).toBe(415);
      expect(res.json()['hydra:description']).toBe(ROSTER_IMPORT_MESSAGES.unsupported);
    }
    // Any other body type than JSON or multipart is refused the same way.
    const raw = await s.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'text/csv' },
      payload: 'a',
    });
    expect(raw.statusCode).toBe(415);
    await nothingWritten(before, places);
  });

  it('413 naming the limit over 2 MB or over 1,000 rows, for files and pasted text', async () => {
    const [before, places] = [await studentCount(s), await placeCount(s, classId)];
    const big = Buffer.alloc(ROSTER_IMPORT_LIMITS.maxBytes + 1, 'a');
    const tooBig = await importFile(s, t.token, classId, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()['hydra:description']).toBe('The list is too large: at most 2 MB.');
    expect((await importText(s, t.token, classId, 'x'.repeat(ROSTER_IMPORT_LIMITS.maxBytes + 1))).statusCode).toBe(413);
    const rows = Array.from({ length: 1001 }, (_, i) => `Name${i} Last${i}`);
    const many = await importFile(s, t.token, classId, Buffer.from(`Name\n${rows.join('\n')}`));
    expect(many.statusCode).toBe(413);
    expect(many.json()['hydra:description']).toBe('The list has too many rows: at most 1,000 students at a time.');
    expect((await importText(s, t.token, classId, rows.join('\n'))).statusCode).toBe(413);
    const sheet = await importFile(s, t.token, classId, await workbook([['Name'], ...rows.map((r) => [r])]), { filename: 'a.xlsx' });
    expect(sheet.statusCode).toBe(413);
    await nothingWritten(before, places);
  });

  it('400 for an empty list, a file without a name column (naming the understood headers), a missing file or class', async () => {
    const [before, places] = [await studentCount(s), await placeCount(s, classId)];
    for (const bytes of [Buffer.alloc(0), Buffer.from('\r\n\r\n'), Buffer.from('First name,Last name\n,\n')]) {
      const res = await importFile(s, t.token, classId, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().violations).toEqual([{ propertyPath: 'file', message: ROSTER_IMPORT_MESSAGES.empty }]);
    }
    expect((await importText(s, t.token, classId, '  \n\t\n')).json().violations[0]).toEqual({
      propertyPath: 'text',
      message: ROSTER_IMPORT_MESSAGES.empty,
    });
    for (const csv of ['Email,Phone\na@b.c,1\n', 'Code\nA1\n', 'Ana Lopez\nBo Chen\n']) {
      const res = await importFile(s, t.token, classId, Buffer.from(csv));
      expect(res.statusCode).toBe(400);
      expect(res.json().violations[0].message).toContain('Understood headers: First name, Last name, Name, Code');
    }
    expect((await importText(s, t.token, classId, 'Code\tEmail\nA1\ta@b.c')).statusCode).toBe(400);
    const { payload, contentType } = (await import('../../../test/media')).multipart([{ teachingClass: String(classId) }]);
    const noFile = await s.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { 'content-type': contentType, authorization: `Bearer ${t.token}` },
      payload,
    });
    expect(noFile.json().violations).toEqual([{ propertyPath: 'file', message: ROSTER_IMPORT_MESSAGES.noFile }]);
    const noClass = await s.api('POST', IMPORT, { token: t.token, body: { text: 'Ana' } });
    expect(noClass.json().violations[0].propertyPath).toBe('teachingClass');
    expect((await s.api('POST', IMPORT, { token: t.token, body: { teachingClass: classId, text: 'Ana', extra: 1 } })).statusCode).toBe(400);
    expect((await importText(s, t.token, `${API}/teaching-class/999999`, 'Ana')).statusCode).toBe(404);
    await nothingWritten(before, places);
  });
});
