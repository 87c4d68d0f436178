/** The columns a roster's header row may name (DESIGN §8): in en, zh-HK and es, and OneRoster 1.2 users.csv. */
export type RosterColumn = 'firstName' | 'lastName' | 'name' | 'code' | 'role';

const HEADERS: Record<RosterColumn, string[]> = {
  firstName: [
    'first name',
    'firstname',
    'first',
    'given name',
    'givenname',
    'forename',
    'forenames',
    'nombre',
    'nombres',
    'primer nombre',
    '名',
    '名字',
  ],
  lastName: [
    'last name',
    'lastname',
    'last',
    'surname',
    'family name',
    'familyname',
    'apellido',
    'apellidos',
    'apellido(s)',
    'apellido (s)',
    '姓',
    '姓氏',
  ],
  name: [
    'name',
    'full name',
    'fullname',
    'student',
    'student name',
    'pupil',
    'pupil name',
    'nombre completo',
    'nombre y apellidos',
    'alumno',
    'alumna',
    'alumno/a',
    'estudiante',
    '姓名',
    '學生姓名',
    '学生姓名',
    '全名',
    '名稱',
  ],
  code: [
    'code',
    'student code',
    'id',
    'student id',
    'student number',
    'identifier',
    'código',
    'codigo',
    'código de alumno',
    'código del alumno',
    'código de estudiante',
    '編號',
    '编号',
    '學生編號',
    '学生编号',
    '學號',
    '学号',
  ],
  role: ['role', 'roles'],
};

/** A header cell as compared: case, width, spaces, underscores and a trailing colon or asterisk do not matter. */
export const normalizeHeader = (h: string) =>
  h
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/[:*：]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

const LOOKUP = new Map<string, RosterColumn>(
  (Object.entries(HEADERS) as [RosterColumn, string[]][]).flatMap(([col, names]) => names.map((n) => [normalizeHeader(n), col])),
);

/** The column each header cell names; the first cell naming a column wins. */
export function readHeader(cells: string[]): Partial<Record<RosterColumn, number>> {
  const found: Partial<Record<RosterColumn, number>> = {};
  cells.forEach((cell, i) => {
    const col = LOOKUP.get(normalizeHeader(cell));
    if (col && found[col] === undefined) found[col] = i;
  });
  return found;
}

export const hasNameColumn = (h: Partial<Record<RosterColumn, number>>) => h.firstName !== undefined || h.name !== undefined;
