import { describe, expect, it } from 'vitest';
import { supersededToasts } from './toasts';

const t = (id: string, type: 'success' | 'error' | 'loading', createdAt: number, visible = true) => ({ id, type, createdAt, visible });

describe('supersededToasts', () => {
  it('keeps only the newest visible toast of each kind', () => {
    expect(supersededToasts([t('a', 'success', 1), t('b', 'success', 2), t('c', 'error', 1), t('d', 'success', 3)]).sort()).toEqual(['a', 'b']);
  });

  it('leaves a single toast of each kind, and toasts already leaving, alone', () => {
    expect(supersededToasts([t('a', 'success', 1), t('b', 'error', 2), t('c', 'loading', 3)])).toEqual([]);
    expect(supersededToasts([t('a', 'success', 1, false), t('b', 'success', 2)])).toEqual([]);
  });
});
