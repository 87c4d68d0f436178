import { describe, expect, it } from 'vitest';
import { foldQuery } from './query';

describe('foldQuery', () => {
  it('folds id[]= and id[n]= into arrays and date[after]= into objects, keeping dotted keys', () => {
    expect(foldQuery({ 'id[]': ['1', '2'], 'teachingClass.id': '3' })).toEqual({ id: ['1', '2'], 'teachingClass.id': '3' });
    expect(foldQuery({ 'id[0]': '5', 'id[1]': '6' })).toEqual({ id: ['5', '6'] });
    expect(foldQuery({ 'date[after]': '2026-01-01', 'date[before]': '2026-02-01' })).toEqual({ date: { after: '2026-01-01', before: '2026-02-01' } });
  });
});
