import { describe, expect, it } from 'vitest';
import { changedKeys, visibleErrors } from './use-field-errors';

describe('a form’s visible errors', () => {
  const submitted = { firstName: 'should not be blank', username: 'already used', '': 'Something went wrong' };

  it('keeps a submit’s errors under fields that did not change, and the form’s own', () => {
    expect(visibleErrors(submitted, { firstName: 'should not be blank' }, new Set())).toEqual(submitted);
  });

  it('clears a changed field’s error as soon as its value is valid, server errors included', () => {
    expect(visibleErrors(submitted, {}, new Set(['firstName', 'username']))).toEqual({ '': 'Something went wrong' });
  });

  it('shows the check’s current word while a changed value is still wrong', () => {
    expect(visibleErrors(submitted, { firstName: 'too long' }, new Set(['firstName']))).toMatchObject({ firstName: 'too long' });
  });

  it('adds no error to a field without one unless eager', () => {
    expect(visibleErrors({}, { email: 'not an e-mail' }, new Set(['email']))).toEqual({});
    expect(visibleErrors({}, { email: 'not an e-mail' }, new Set(['email']), true)).toEqual({ email: 'not an e-mail' });
  });

  it('tells which values changed', () => {
    const school = { id: 1 };
    expect([...changedKeys({ a: '', b: 'x', school }, { a: 'Ann', b: 'x', school })]).toEqual(['a']);
    expect([...changedKeys({ school }, { school: { id: 1 } })]).toEqual(['school']);
  });
});
