import { FAMILY_LETTER, familyLetterDefaultsSchema, familyLettersQuery, fileAnswerSchema } from '@skillroom/contract';
import { requestSignal } from '../../http/request-signal';
import { heavyWorkOf } from '../../lib/heavy-work';
import { runHeavy } from '../heavy-tasks';
import type { ModuleRoutes } from '../types';
import { familyLettersService as service } from './family-letters.service';
import { idParams, listQuerystring } from '../../http/route-schema';

/** A download name in safe characters: the class's name, else "class". */
const fileName = (className: string) => {
  const plain = className.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const safe = plain
    .replace(/[^\w-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `family-letters-${safe || 'class'}.pdf`;
};

export const familyLettersRoutes: ModuleRoutes = {
  name: 'family-letters',
  auth: (app, { db, config, redis }) => {
    const heavy = heavyWorkOf(app, { config, redis });
    app.get(
      '/family-letters/class/:id/defaults',
      {
        schema: {
          summary: "The language of a class's family letters for a place without its own (its teachers)",
          params: idParams,
          response: { 200: familyLetterDefaultsSchema },
        },
      },
      async (req) => service.defaults(db, req.principal, req.params.id),
    );
    app.get(
      '/family-letters/class/:id',
      {
        schema: {
          summary: "A class's family letters as one PDF (its teachers): a page per student with the code, a QR code and the steps",
          params: idParams,
          querystring: listQuerystring(familyLettersQuery),
          produces: [FAMILY_LETTER.contentType],
          response: { 200: fileAnswerSchema('The letters (PDF)') },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = req.params.id;
        const { query } = req.query;
        const { cls, places } = await service.letters(db, p, id, query);
        // The PDF is drawn in a worker thread (a page per student: seconds for a large class), from the rows read here.
        const signal = requestSignal(req, reply);
        const bytes = await heavy.hold(p.userId, () =>
          runHeavy(heavy.pool, 'letters', { cls, places, publicUrl: config.publicUrl }, signal),
        );
        const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        return reply
          .type(FAMILY_LETTER.contentType)
          .header('content-disposition', `attachment; filename="${fileName(cls.name)}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  },
};
