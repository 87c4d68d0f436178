import type { TranslationsResponse } from '@skillroom/contract';
import { notFound } from '../../http/errors';
import type { ModuleRoutes } from '../types';
import { isLocale, translations } from './translations.service';
import { translationsAnswerSchema } from '@skillroom/contract';
import { z } from 'zod';

const localeParams = z.object({ locale: z.string() });

export const translationsRoutes: ModuleRoutes = {
  name: 'translations',
  public: (app) => {
    app.get(
      '/translation/:locale',
      { schema: { summary: 'The dotted-key translations of a locale', params: localeParams, response: { 200: translationsAnswerSchema } } },
      async (req, reply): Promise<TranslationsResponse> => {
        const { locale } = req.params;
        // The specification's client asks for en-US by default; regional variants fall back to their language.
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
        reply.header('cache-control', 'public, max-age=300');
        return { locale: resolved, translations: translations(resolved) };
      },
    );
  },
};
