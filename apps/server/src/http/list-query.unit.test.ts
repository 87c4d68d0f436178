import { filter, listQuery } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { collection } from './hydra';
import { listParameters, queryValue, readListQuery, QUERY_MESSAGES } from './list-query';

const list = listQuery({
  'teachingClass.id': filter.ids(),
  isFinished: filter.flag(),
  invitationCode: filter.text(32),
  exists: filter.exists(['creator', 'teachingClass']),
  date: filter.dateRange(),
});

const violations = (raw: Record<string, unknown>) => {
  try {
    readListQuery(raw, list);
  } catch (e) {
    if (e instanceof ValidationError) return e.violations;
    throw e;
  }
  return [];
};

describe('readListQuery', () => {
  it('reads both spellings, `x[]=` and `x[n]=` alike', () => {
    const a = readListQuery({ 'teachingClass.id[]': ['3', '4'], is_finished: '1', page: '2' }, list);
    const b = readListQuery({ 'teaching_class.id[0]': '3', 'teaching_class.id[1]': '4', isFinished: 'true', page: '2' }, list);
    expect(a.query).toEqual({ 'teachingClass.id': [3, 4], isFinished: true, page: 2, itemsPerPage: 30 });
    expect(b.query).toEqual(a.query);
    expect(b.links['teachingClass.id']).toEqual(a.links['teachingClass.id']);
  });

  it('takes `x=v&x[]=v` as one value', () => {
    const r = readListQuery({ invitationCode: 'ABC', 'invitation_code[]': 'ABC', 'teachingClass.id': '3', 'teachingClass.id[]': '3' }, list);
    expect(r.query).toMatchObject({ invitationCode: 'ABC', 'teachingClass.id': [3] });
  });

  it('reads keyed filters: exists[…] and date[after]/[before]', () => {
    const r = readListQuery({ 'exists[creator]': 'false', 'exists[teaching_class]': '1', 'date[after]': '2026-01-01', 'date[before]': '2026-02-01T10:00:00Z' }, list);
    expect(r.query).toMatchObject({ exists: { creator: false, teachingClass: true }, date: { after: '2026-01-01', before: '2026-02-01' } });
    expect(r.links).toEqual({ exists: { creator: 'false', teachingClass: '1' }, date: { after: '2026-01-01', before: '2026-02-01T10:00:00Z' } });
  });

  it('answers 400 naming each parameter it does not understand', () => {
    expect(violations({ teachingClassId: '3', 'exists[school]': '1', exists: '1', 'isFinished[x]': '1' })).toEqual([
      { propertyPath: 'teachingClassId', message: QUERY_MESSAGES.unknown },
      { propertyPath: 'exists[school]', message: QUERY_MESSAGES.unknown },
      { propertyPath: 'exists', message: QUERY_MESSAGES.unknown },
      { propertyPath: 'isFinished[x]', message: QUERY_MESSAGES.unknown },
    ]);
  });

  it('answers 400 for two values of a one-value filter, and for bad values under the name the client wrote', () => {
    expect(violations({ isFinished: ['1', '0'] })).toEqual([{ propertyPath: 'isFinished', message: QUERY_MESSAGES.several }]);
    expect(violations({ 'teachingClass.id[]': ['x'], 'date[after]': '2026-02-31', itemsPerPage: '5000' }).map((v) => v.propertyPath)).toEqual(['teachingClass.id', 'date[after]', 'itemsPerPage']);
  });

  it('finds a value in either spelling (for rate limits keyed on a filter)', () => {
    expect(queryValue({ invitation_code: 'X' }, 'invitationCode')).toBe('X');
    expect(queryValue({}, 'invitationCode')).toBeUndefined();
  });
});

describe('links and parameters from the same declaration', () => {
  it('writes hydra:view links in the canonical spelling, one value as `x=`, several as `x[]=`, keys as `x[k]=`', () => {
    const { query, links } = readListQuery({ 'teaching_class.id': ['3', '4'], 'exists[creator]': 'true', items_per_page: '1' }, list);
    const view = collection('/l', [], 3, query, links)['hydra:view'] as Record<string, string>;
    expect(decodeURIComponent(view['hydra:next']!)).toBe('/l?teachingClass.id[]=3&teachingClass.id[]=4&exists[creator]=true&page=2&itemsPerPage=1');
  });

  it('lists every name, `[]` and `[key]` forms and the snake-case spellings as OpenAPI parameters', () => {
    const names = listParameters(list).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['teachingClass.id', 'teachingClass.id[]', 'teaching_class.id', 'is_finished', 'exists[creator]', 'exists[teaching_class]', 'date[after]', 'items_per_page']),
    );
  });
});
