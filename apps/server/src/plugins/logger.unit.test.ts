import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loggerOptions } from './logger';
import { maskSecrets } from './logging';

describe('loggerOptions', () => {
  it('writes JSON lines when the output is not a terminal', () => {
    const o = loggerOptions(loadConfig({}), false) as Record<string, unknown>;
    expect(o.stream).toBeUndefined();
    expect(o.level).toBe('info');
  });

  it('writes pretty lines at a terminal, or when LOG_FORMAT=pretty', () => {
    expect((loggerOptions(loadConfig({}), true) as Record<string, unknown>).stream).toBeDefined();
    expect((loggerOptions(loadConfig({ LOG_FORMAT: 'pretty' }), false) as Record<string, unknown>).stream).toBeDefined();
  });

  it('keeps JSON at a terminal with LOG_FORMAT=json, and refuses an unknown format', () => {
    expect((loggerOptions(loadConfig({ LOG_FORMAT: 'json' }), true) as Record<string, unknown>).stream).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('maskSecrets', () => {
  it('masks link signatures, tokens, codes and e-mail addresses in URLs and text, and leaves the rest', () => {
    const line = JSON.stringify({
      req: { url: '/media/12?exp=1795521600&sig=R91RTZEbYXc_s-K&u=4' },
      a: '/api/public/v1/forgot_password/ana.silva%40example.org',
      b: '/api/auth/v1/teaching-class-students?invitation_code=K7QX2M&itemsPerPage=5&invitationCode[]=ZZ9PLQ',
      c: 'Reset: https://school.example/web/reset-password?token=tok_abcdef123456',
      d: 'Key (email)=(ana@example.org) already exists. Key (invitation_code)=(K7QX2M) too.',
      e: 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyaWQiOjF9.c2lnbmF0dXJl and Bearer opaque-token-1',
      f: 'mail for ana+kids@school.example.co.uk',
      g: '/web/sign-up?next=%2Flink%3Fcode%3DQW3RTY7P',
    });
    const out = maskSecrets(line);
    for (const secret of [
      'R91RTZEbYXc',
      '1795521600',
      'ana.silva',
      'K7QX2M',
      'ZZ9PLQ',
      'tok_abcdef',
      'ana@example',
      'eyJhbGci',
      'opaque-token-1',
      'ana+kids',
      'school.example.co.uk',
      'QW3RTY7P',
    ])
      expect(out).not.toContain(secret);
    expect(() => JSON.parse(out)).not.toThrow();
    expect(out).toContain('/media/12?exp=[redacted]&sig=[redacted]&u=4');
    expect(out).toContain('itemsPerPage=5');
    expect(out).toContain('/forgot_password/[redacted]');
    expect(out).toContain('/web/sign-up?next=%2Flink%3Fcode%3D[redacted]');
  });
});
