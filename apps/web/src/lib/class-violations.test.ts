import { CLASS_MESSAGES } from '@skillroom/contract/rules';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { translateClassViolation } from './class-violations';
import { violationsOf } from './violations';

const intl = createIntl({ locale: 'en', messages: { web_classes_violation_end_before_start: 'End before start (translated)' } });

describe('class violations', () => {
  it("translates the class rules' own texts, and any other text as the other forms do", () => {
    expect(translateClassViolation(intl, CLASS_MESSAGES.endBeforeStart)).toBe('End before start (translated)');
    expect(translateClassViolation(intl, 'A text of no rule')).toBe('A text of no rule');
  });

  it('finds violations only in a 400', () => {
    const v = [{ propertyPath: 'name', message: 'Blank.' }];
    expect(violationsOf(new ApiError(400, 'Bad', v))).toEqual(v);
    expect(violationsOf(new ApiError(403, 'Forbidden', v))).toBeNull();
    expect(violationsOf(new Error('network'))).toBeNull();
  });
});
