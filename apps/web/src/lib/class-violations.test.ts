import { CLASS_MESSAGES } from '@skillroom/contract/rules';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { classFieldErrors, otherErrors, violationsOf } from './class-violations';

const intl = createIntl({ locale: 'en', messages: { web_classes_violation_end_before_start: 'End before start (translated)' } });

describe('class violations', () => {
  it('translates the server text, keeping the first message of each field', () => {
    const errors = classFieldErrors(intl, [
      { propertyPath: 'end', message: CLASS_MESSAGES.endBeforeStart },
      { propertyPath: 'end', message: 'A second one' },
    ]);
    expect(errors).toEqual({ end: 'End before start (translated)' });
  });

  it('puts violations of properties without a field above the form', () => {
    expect(otherErrors({ name: 'x', teachingClass: 'No class.', '': 'Wrong.' }, ['name'])).toBe('No class. Wrong.');
    expect(otherErrors({ name: 'x' }, ['name'])).toBeNull();
  });

  it('finds violations only in a 400', () => {
    const v = [{ propertyPath: 'name', message: 'Blank.' }];
    expect(violationsOf(new ApiError(400, 'Bad', v))).toEqual(v);
    expect(violationsOf(new ApiError(403, 'Forbidden', v))).toBeNull();
    expect(violationsOf(new Error('network'))).toBeNull();
  });
});
