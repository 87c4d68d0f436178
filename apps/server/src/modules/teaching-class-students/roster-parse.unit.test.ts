import { describe, expect, it } from 'vitest';
import { classifyRows, type ClassMember } from './roster-classify';
import { decodeRosterText, sniffRosterFile } from './roster-decode';
import { readHeader } from './roster-headers';
import { cleanCell, csvGrid, pastedGrid, readGrid, splitFullName } from './roster-parse';

const names = (text: string) => readGrid(pastedGrid(text), 'text').rows.map((r) => [r.firstName, r.lastName, r.code]);

describe('roster parsing', () => {
  it('reads pasted lines: "First Last", "Last, First", tab-separated columns with or without a header', () => {
    expect(names('Ana Lopez\nLopez, Ana Maria\nMei\n\n  Bo   Chen  ')).toEqual([
      ['Ana', 'Lopez', ''],
      ['Ana Maria', 'Lopez', ''],
      ['Mei', '', ''],
      ['Bo', 'Chen', ''],
    ]);
    expect(names('Ana\tLopez\t7\nBo\tChen\nCy\t\t9\t\n\t\t\nDee\t\t')).toEqual([
      ['Ana', 'Lopez', '7'],
      ['Bo', 'Chen', ''],
      ['Cy', '', '9'],
      ['Dee', '', ''],
    ]);
    expect(names('Code\tSurname\tFirst name\n7\tLopez\tAna')).toEqual([['Ana', 'Lopez', '7']]);
    expect(names('first_name,last_name\nAna,Lopez')).toEqual([['Ana', 'Lopez', '']]);
  });

  it('gives each row the line it starts on, blank lines and quoted line breaks counted', () => {
    const rows = readGrid(csvGrid('Name,Code\n\n"Ana\nLopez",1\nBo Chen,2\n'), 'file').rows;
    expect(rows.map((r) => [r.line, r.firstName, r.lastName])).toEqual([
      [3, 'Ana', 'Lopez'],
      [5, 'Bo', 'Chen'],
    ]);
  });

  it('guesses the delimiter of a CSV file from its header line', () => {
    expect(csvGrid('Nombre;Apellidos\nLucía;García, López\n')[1]!.cells).toEqual(['Lucía', 'García, López']);
    expect(csvGrid('Name|Code\nAna|1\n')[1]!.cells).toEqual(['Ana', '1']);
  });

  it('recognises headers in en, zh-HK and es, whatever their case, width, spacing or trailing colon', () => {
    expect(readHeader(['FIRST NAME:', 'Apellido(s)', '學生編號', 'role'])).toEqual({ firstName: 0, lastName: 1, code: 2, role: 3 });
    expect(readHeader(['姓', '名', '編號'])).toEqual({ lastName: 0, firstName: 1, code: 2 });
    expect(readHeader(['givenName', 'familyName', 'identifier'])).toEqual({ firstName: 0, lastName: 1, code: 2 });
    expect(readHeader(['Ｎａｍｅ', 'E-mail'])).toEqual({ name: 0 });
  });

  it('keeps cells as text: formulas untouched and not split, control characters gone, NFC', () => {
    expect(cleanCell('=HYPERLINK("http://x","y")')).toBe('=HYPERLINK("http://x","y")');
    expect(splitFullName('=HYPERLINK("http://x","y")')).toEqual({ firstName: '=HYPERLINK("http://x","y")', lastName: '' });
    expect(cleanCell('Zoe\u0308\u0007 \u00a0 Smith')).toBe('Zoë Smith');
  });

  it('decodes UTF-8 (BOM or not), UTF-16 by BOM, and falls back to Windows-1252', () => {
    expect(decodeRosterText(Buffer.from([0xef, 0xbb, 0xbf, 0x5a, 0x6f, 0xc3, 0xab]))).toBe('Zoë');
    expect(decodeRosterText(Buffer.from([0xff, 0xfe, 0x5a, 0, 0xeb, 0]))).toBe('Zë');
    expect(decodeRosterText(Buffer.from([0xfe, 0xff, 0, 0x5a, 0, 0xeb]))).toBe('Zë');
    expect(decodeRosterText(Buffer.from([0x5a, 0x6f, 0xeb, 0x80]))).toBe('Zoë€');
  });

  it('tells xlsx (a zip) and text apart, and refuses binary files', () => {
    expect(sniffRosterFile(Buffer.from('PK\u0003\u0004rest'))).toBe('xlsx');
    expect(sniffRosterFile(Buffer.from('Name\nAna'))).toBe('text');
    expect(() => sniffRosterFile(Buffer.from('%PDF-1.7'))).toThrow(/not a CSV or xlsx/);
    expect(() => sniffRosterFile(Buffer.from('N\0a\0'))).toThrow(/not a CSV or xlsx/);
  });
});

describe('roster rows judged', () => {
  const member: ClassMember = { placeId: 5, studentId: 50, firstName: 'Lena', lastName: 'Petrova', code: 'P-1', studentCode: 'S-1' };
  const row = (line: number, firstName: string, lastName = '', code = '') => ({ line, firstName, lastName, code });

  it('finds duplicates by the place code, the Student code, the name without a code, or an earlier row', () => {
    const judged = classifyRows(
      [
        row(1, 'X', '', 'p-1'),
        row(2, 'Y', '', 's-1'),
        row(3, 'lena', 'PETROVA'),
        row(4, 'Ana'),
        row(5, 'ana'),
        row(6, 'Bo', '', 'B'),
        row(7, 'Bob', '', 'b'),
      ],
      [member],
      [],
    );
    expect(judged.map((r) => [r.status, r.reason])).toEqual([
      ['duplicate', 'inClass'],
      ['duplicate', 'inClass'],
      ['duplicate', 'inClass'],
      ['new', undefined],
      ['duplicate', 'repeated'],
      ['new', undefined],
      ['duplicate', 'repeated'],
    ]);
    expect(judged[0]!.placeId).toBe(5);
  });

  it('re-uses a known Student by code, unless it is already in the class or the code names several', () => {
    const known = [
      { id: 50, code: 'X-50', avatarId: null },
      { id: 60, code: 'K-60', avatarId: 3 },
      { id: 70, code: 'T', avatarId: null },
      { id: 71, code: 't', avatarId: null },
    ];
    const judged = classifyRows([row(1, 'A', '', 'x-50'), row(2, 'B', '', 'K-60'), row(3, 'C', '', 'T')], [member], known);
    expect(judged.map((r) => [r.status, r.reason ?? r.student?.id])).toEqual([
      ['duplicate', 'inClass'],
      ['existing', 60],
      ['invalid', 'codeAmbiguous'],
    ]);
  });
});
