import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('downloads', () => {
  it("takes the server's file name, or makes one", () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''Informe%20clase.pdf`, 'x.pdf')).toBe('Informe clase.pdf');
    expect(fileNameOf('attachment; filename="report.xlsx"', 'x.xlsx')).toBe('report.xlsx');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
    expect(fileNameOf(`attachment; filename="record.zip"; filename*=UTF-8''%E0%A4%A`, 'x.zip')).toBe('record.zip');
  });
});
