import { describe, expect, it, vi } from 'vitest';
import { oneToastPerKind } from './toasts';

describe('oneToastPerKind', () => {
  it('gives every toast of a kind the same id, so that a new one replaces the previous', () => {
    const target = {
      success: vi.fn((_message: unknown, _options?: object) => 'x'),
      error: vi.fn((_message: unknown, _options?: object) => 'x'),
      loading: vi.fn((_message: unknown, _options?: object) => 'x'),
    };
    const [success, error] = [target.success, target.error];
    oneToastPerKind(target);
    target.success('Ana has been added.');
    target.success('Ben has been added.', { duration: 100 });
    target.error('Unable to delete.');
    expect(success.mock.calls).toEqual([
      ['Ana has been added.', { id: 'success' }],
      ['Ben has been added.', { id: 'success', duration: 100 }],
    ]);
    expect(error.mock.calls).toEqual([['Unable to delete.', { id: 'error' }]]);
  });

  it('keeps an id the caller chose, and wraps only once', () => {
    const target = {
      success: vi.fn((_message: unknown, _options?: object) => 'x'),
      error: vi.fn((_message: unknown, _options?: object) => 'x'),
      loading: vi.fn((_message: unknown, _options?: object) => 'x'),
    };
    const success = target.success;
    oneToastPerKind(target);
    oneToastPerKind(target);
    target.success('Saved.', { id: 'profile' });
    expect(success.mock.calls).toEqual([['Saved.', { id: 'profile' }]]);
  });
});
