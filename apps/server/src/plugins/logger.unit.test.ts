import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loggerOptions } from './logger';

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
