import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { toIntlMessages } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

// GET /translation/{locale}/compiled: the web app's texts parsed ahead of time (issue 35), beside the specification's
// GET /translation/{locale}, whose plain-string answer stays as it was.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const plain = async (locale: string) =>
  toIntlMessages((await s.api('GET', `/api/public/v1/translation/${locale}`)).json().translations as Record<string, string>);

describe('compiled translations', () => {
  it.each(['en', 'zh-HK', 'es'])('answer every %s text under its react-intl id as the ICU parser reads it', async (locale) => {
    const res = await s.api('GET', `/api/public/v1/translation/${locale}/compiled`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json() as { locale: string; messages: Record<string, MessageFormatElement[]> };
    expect(body.locale).toBe(locale);
    const texts = await plain(locale);
    expect(Object.keys(body.messages).sort()).toEqual(Object.keys(texts).sort());
    // Parsed as the browser's parser did (no text kept whole as literal for want of a reading).
    for (const [id, text] of Object.entries(texts)) expect(body.messages[id], id).toEqual(parse(text));
  });

  it('carry placeholders and plurals as AST elements, not as text to parse', async () => {
    const { messages } = (await s.api('GET', '/api/public/v1/translation/en/compiled')).json() as {
      messages: Record<string, MessageFormatElement[]>;
    };
    const types = new Set(Object.values(messages).flatMap((m) => m.map((e) => e.type)));
    expect(types).toContain(TYPE.argument);
    expect(types).toContain(TYPE.plural);
    expect(Object.keys(messages).some((id) => id.includes('.'))).toBe(false);
  });

  it('serve en for en-US and 404 for an unknown locale; the plain answer keeps its shape', async () => {
    expect((await s.api('GET', '/api/public/v1/translation/en-US/compiled')).json().locale).toBe('en');
    expect((await s.api('GET', '/api/public/v1/translation/xx/compiled')).statusCode).toBe(404);
    const spec = (await s.api('GET', '/api/public/v1/translation/en')).json();
    expect(Object.keys(spec).sort()).toEqual(['locale', 'translations']);
    expect(typeof spec.translations['email.reset.subject']).toBe('string');
  });
});
