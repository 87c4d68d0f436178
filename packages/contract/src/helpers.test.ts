import { describe, expect, it } from 'vitest';
import {
  formatInteger,
  accountTypeFromMarker,
  badgeText,
  fittedSize,
  highestRole,
  isTokenExpired,
  mediaShape,
  refToId,
  thumbVariantUrl,
  toIntlMessages,
  translationKey,
  translationText,
} from './helpers';
import { refSchema, isoDate, V } from './schemas/common';
import { signUpBody, userPatchBody } from './schemas/user';

describe('refToId', () => {
  it.each([
    ['/api/auth/v1/teaching-class/12', 12],
    ['/api/auth/v1/media/7/', 7],
    [5, 5],
    [{ '@id': '/api/auth/v1/school/3' }, 3],
    [{ id: 9 }, 9],
    [{ id: '10' }, 10],
    ['/api/auth/v1/school/abc', null],
    [0, null],
    [-2, null],
    // Past PostgreSQL's integer: names nothing, and must never reach the database.
    [2147483647, 2147483647],
    [3000000000, null],
    ['/api/auth/v1/school/3000000000', null],
    [{ id: '99999999999999999999' }, null],
    [{ '@id': '/api/auth/v1/school/2147483648' }, null],
    [null, null],
    [undefined, null],
  ])('reads %j as %j', (ref, id) => expect(refToId(ref as never)).toBe(id));
});

describe('translations', () => {
  it('rewrites dots to underscores and %name% to {name}', () => {
    expect(translationKey('menu.edit.profile')).toBe('menu_edit_profile');
    expect(translationText('Hello %name%, you have %count% new')).toBe('Hello {name}, you have {count} new');
    expect(toIntlMessages({ 'a.b': '%x% y' })).toEqual({ a_b: '{x} y' });
  });
});

describe('mediaShape', () => {
  it.each([
    ['100x100', 'square'],
    ['200x100', 'horizontal'],
    ['100x200', 'vertical'],
    ['', 'unknown'],
    [null, 'unknown'],
    ['axb', 'unknown'],
    ['0x10', 'unknown'],
  ])('%s is %s', (d, shape) => expect(mediaShape(d)).toBe(shape));
});

describe('small rules of the specification', () => {
  it('derives the account type from the type marker', () => {
    expect(accountTypeFromMarker('StudentUser')).toBe('student_user');
    expect(accountTypeFromMarker('ParentUser')).toBe('parent_user');
    expect(accountTypeFromMarker('OtherUser')).toBe('other_user');
    expect(accountTypeFromMarker('Teacher')).toBe('teacher');
    expect(accountTypeFromMarker(undefined)).toBe('teacher');
  });

  it('picks the highest platform role', () => {
    expect(highestRole(['ROLE_USER', 'ROLE_ADMIN_TRAINER', 'ROLE_ADMIN_CONTENT_CREATOR'])).toBe('ROLE_ADMIN_CONTENT_CREATOR');
    expect(highestRole(['ROLE_USER'])).toBe('ROLE_USER');
    expect(highestRole(undefined)).toBe('ROLE_USER');
  });

  it('treats a token as expired when exp × 1000 is in the past', () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired(now / 1000 - 1, now)).toBe(true);
    expect(isTokenExpired(now / 1000 + 60, now)).toBe(false);
    expect(isTokenExpired(undefined, now)).toBe(true);
  });

  it('caps the badge at 9+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('schemas', () => {
  it('accepts a relation as an IRI, a number or an object, and rejects anything else', () => {
    expect(refSchema.parse('/api/auth/v1/school/4')).toBe(4);
    expect(refSchema.parse({ id: 4 })).toBe(4);
    expect(refSchema.safeParse('nope').success).toBe(false);
    expect(refSchema.safeParse(true).success).toBe(false);
  });

  it('reads dates as YYYY-MM-DD', () => {
    expect(isoDate.parse('2026-09-01T10:00:00Z')).toBe('2026-09-01');
    expect(isoDate.safeParse('2026-13-45').success).toBe(false);
    expect(isoDate.safeParse('2026-02-31').success).toBe(false);
  });

  it('refuses dates outside 1900-2200, which the database would refuse or misread', () => {
    expect(isoDate.parse('1900-01-01')).toBe('1900-01-01');
    expect(isoDate.parse('2200-12-31')).toBe('2200-12-31');
    for (const d of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31'])
      expect(isoDate.safeParse(d).error?.issues[0]?.message, d).toBe(V.dateRange);
  });

  it('sign-up requires username, valid e-mail and 8-character password', () => {
    const r = signUpBody.safeParse({ email: 'x', plainPassword: 'short', firstName: 'A', lastName: 'B', accountTypeRadio: 'teacher' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'plainPassword']));
  });

  it('profile patch refuses unknown fields, and drops read-only ones sent back (roles are never written)', () => {
    expect(userPatchBody.safeParse({ isAdmin: true }).success).toBe(false);
    expect(userPatchBody.parse({ roles: ['ROLE_SUPER_ADMIN'], firstName: 'Ana' })).toEqual({ roles: undefined, firstName: 'Ana' });
  });
});

describe('thumbnail sizes and links', () => {
  it('fits a picture in a square without enlarging it; unknown sizes are null', () => {
    expect(fittedSize('4000x3000', 320)).toEqual({ width: 320, height: 240 });
    expect(fittedSize('3000x4000', 640)).toEqual({ width: 480, height: 640 });
    expect(fittedSize('100x50', 320)).toEqual({ width: 100, height: 50 });
    expect(fittedSize('10000x1', 320)).toEqual({ width: 320, height: 1 });
    for (const d of [null, undefined, '', '0x10', '10x', 'axb']) expect(fittedSize(d, 320)).toBeNull();
  });

  it('asks for the 2x variant with one more query parameter, which the signature does not cover', () => {
    const signed = '/media/thumb/1?exp=2&sig=s&u=3';
    expect(thumbVariantUrl(signed, '2x')).toBe(`${signed}&size=2x`);
    expect(thumbVariantUrl('/media/thumb/1', '2x')).toBe('/media/thumb/1?size=2x');
    expect(thumbVariantUrl('/media/thumb/1?exp=2', '1x')).toBe('/media/thumb/1?exp=2');
  });
});

describe("numbers in the reader's language", () => {
  it('writes them as Intl.NumberFormat does, with one formatter per locale', () => {
    const real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = new Proxy(real, {
      construct: (t, args: unknown[]) => (made++, Reflect.construct(t, args)),
    }) as typeof Intl.NumberFormat;
    try {
      const values = [0, 999, 1234, 10000, 1234567, -12345, 1.5, 2 ** 60];
      const expected = (locale: string) => values.map((n) => new real(locale).format(n));
      for (const locale of ['en', 'es', 'zh-HK', 'fr-CA'])
        expect(
          values.map((n) => formatInteger(n, locale)),
          locale,
        ).toEqual(expected(locale));
      made = 0;
      for (const locale of ['en', 'es', 'zh-HK', 'fr-CA']) values.forEach((n) => formatInteger(n, locale));
      expect(made).toBe(0);
    } finally {
      Intl.NumberFormat = real;
    }
    expect(formatInteger(10000, 'es')).toBe('10.000');
    expect(formatInteger(1234, 'es')).toBe('1234');
  });
});

describe('school year', () => {
  it('reads the region of a language tag, filling in the likely one', async () => {
    const { regionOf } = await import('./school-year-rules');
    expect(regionOf('es-AR')).toBe('AR');
    expect(regionOf('zh-HK')).toBe('HK');
    expect(regionOf('es')).toBe('ES');
    expect(regionOf('not a tag')).toBeNull();
  });
});

describe('preferred locale', () => {
  it("picks the first of the reader's languages the app has, by tag then by language", async () => {
    const { preferredLocale } = await import('./family-letter');
    const locales = ['en', 'zh-HK', 'es'] as const;
    expect(preferredLocale(locales, ['es-AR', 'en'])).toBe('es');
    expect(preferredLocale(locales, ['zh-HK'])).toBe('zh-HK');
    expect(preferredLocale(locales, ['zh-TW', 'en'])).toBe('zh-HK');
    expect(preferredLocale(locales, ['fr-FR', 'de'])).toBeNull();
    expect(preferredLocale(locales, ['fr', 'en-GB'])).toBe('en');
  });
});
