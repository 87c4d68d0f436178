import {
  ROSTER_FIELD_LIMITS,
  ROSTER_REASON_MESSAGES,
  type RosterImportRow,
  type RosterImportSummary,
  type RosterRowReason,
} from '@skillroom/contract';
import type { ReadRow } from './roster-parse';

/** A place already in the destination class, with its Student's own code. */
export interface ClassMember {
  placeId: number;
  studentId: number;
  firstName: string;
  lastName: string | null;
  code: string | null;
  studentCode: string | null;
}

/** A Student the teacher can see, found by code. */
export interface KnownStudent {
  id: number;
  code: string;
  avatarId: number | null;
}

/** A line as judged here: the contract's row, with the Student and place themselves rather than their IRIs. */
export interface JudgedRow extends Pick<RosterImportRow, 'line' | 'status' | 'firstName' | 'lastName' | 'code' | 'reason'> {
  /** `existing`: the Student to re-use. */
  student?: KnownStudent;
  /** `duplicate` by `inClass`: the place already there. */
  placeId?: number;
}

/** Codes and names compare without case or width: "k-01" is "K-01", "ＡＢ" is "AB". */
export const codeKey = (code: string) => code.normalize('NFKC').toLowerCase();
const nameKey = (first: string, last: string | null) => `${first} ${last ?? ''}`.normalize('NFKC').toLowerCase().trim();

function invalidReason(r: ReadRow): RosterRowReason | null {
  if (!r.firstName) return 'firstNameBlank';
  if ([...r.firstName].length > ROSTER_FIELD_LIMITS.firstName) return 'firstNameTooLong';
  if ([...r.lastName].length > ROSTER_FIELD_LIMITS.lastName) return 'lastNameTooLong';
  if ([...r.code].length > ROSTER_FIELD_LIMITS.code) return 'codeTooLong';
  return null;
}

/**
 * Judges each row read (DESIGN §8): `invalid` (a field missing or over its limit; a code that names several Students),
 * `duplicate` (in the class already — by code, the place's or its Student's, or by name when the row has no code — or
 * earlier in the input), `existing` (a Student the teacher sees has this code: re-used) or `new`.
 */
export function classifyRows(rows: ReadRow[], members: ClassMember[], known: KnownStudent[]): JudgedRow[] {
  const byCode = new Map<string, ClassMember>();
  const byName = new Map<string, ClassMember>();
  const byStudent = new Map<number, ClassMember>();
  for (const m of members) {
    for (const c of [m.code, m.studentCode]) if (c) byCode.set(codeKey(c), m);
    byName.set(nameKey(m.firstName, m.lastName), m);
    byStudent.set(m.studentId, m);
  }
  const knownByCode = new Map<string, KnownStudent[]>();
  for (const k of known) knownByCode.set(codeKey(k.code), [...(knownByCode.get(codeKey(k.code)) ?? []), k]);
  const seen = new Set<string>();

  return rows.map((r): JudgedRow => {
    const base = { line: r.line, firstName: r.firstName, lastName: r.lastName || null, code: r.code || null };
    const invalid = invalidReason(r);
    if (invalid) return { ...base, status: 'invalid', reason: invalid };
    const names = nameKey(r.firstName, base.lastName);
    const key = r.code ? `code:${codeKey(r.code)}` : `name:${names}`;
    const matches = r.code ? (knownByCode.get(codeKey(r.code)) ?? []) : [];
    const inClass = r.code ? (byCode.get(codeKey(r.code)) ?? matches.map((k) => byStudent.get(k.id)).find(Boolean)) : byName.get(names);
    if (inClass) return { ...base, status: 'duplicate', reason: 'inClass', placeId: inClass.placeId };
    if (seen.has(key)) return { ...base, status: 'duplicate', reason: 'repeated' };
    if (new Set(matches.map((k) => k.id)).size > 1) return { ...base, status: 'invalid', reason: 'codeAmbiguous' };
    seen.add(key);
    return matches[0] ? { ...base, status: 'existing', student: matches[0] } : { ...base, status: 'new' };
  });
}

export function summarize(rows: JudgedRow[], ignored: number): RosterImportSummary {
  const s: RosterImportSummary = { new: 0, existing: 0, duplicate: 0, invalid: 0, ignored };
  for (const r of rows) s[r.status]++;
  return s;
}

export const reasonMessage = (r: RosterRowReason) => ROSTER_REASON_MESSAGES[r];
