import type { CompiledTranslationsResponse, Locale, TranslationsResponse } from '@skillroom/contract';
import { notFound } from '../../http/errors';
import type { ModuleRoutes } from '../types';
import { compiledMessages, isLocale, translations } from './translations.service';
import { compiledTranslationsAnswerSchema, translationsAnswerSchema } from '@skillroom/contract';
import { z } from 'zod';

const localeParams = z.object({ locale: z.string() });

/** The specification's client asks for en-US by default; regional variants fall back to their language. */
function resolveLocale(locale: string): Locale {
  const resolved = isLocale(locale)
    ? locale
    : locale.startsWith('en')
      ? 'en'
      : locale.startsWith('es')
        ? 'es'
        : locale.startsWith('zh')
          ? 'zh-HK'
          : null;
  if (!resolved) throw notFound(`No translations for locale "${locale}".`);
  return resolved;
}

export const translationsRoutes: ModuleRoutes = {
  name: 'translations',
  public: (app) => {
    app.get(
      '/translation/:locale',
      { schema: { summary: 'The dotted-key translations of a locale', params: localeParams, response: { 200: translationsAnswerSchema } } },
      async (req, reply): Promise<TranslationsResponse> => {
        const resolved = resolveLocale(req.params.locale);
        reply.header('cache-control', 'public, max-age=300');
        return { locale: resolved, translations: translations(resolved) };
      },
    );
    // Our web client's form of the same texts (issue 35): parsed ahead of time, so the browser loads no ICU parser.
    app.get(
      '/translation/:locale/compiled',
      {
        schema: {
          summary: "The web app's messages of a locale, each ICU text parsed into formatjs's message AST",
          params: localeParams,
          response: { 200: compiledTranslationsAnswerSchema },
        },
      },
      async (req, reply): Promise<CompiledTranslationsResponse> => {
        const resolved = resolveLocale(req.params.locale);
        reply.header('cache-control', 'public, max-age=300');
        return { locale: resolved, messages: compiledMessages(resolved) };
      },
    );
  },
};
