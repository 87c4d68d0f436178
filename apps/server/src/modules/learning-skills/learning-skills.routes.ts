import type { FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  classLearningSkillListQuery,
  learningActionCreateBody,
  learningActionListQuery,
  learningActionPatchBody,
  learningSkillCreateBody,
  learningSkillListQuery,
  learningSkillPatchBody,
  learningSkillPutBody,
  teachingClassLearningSkillCreateBody,
  teachingClassLearningSkillListQuery,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item, offsetOf } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam, parse } from '../../http/validate';
import type { UrlSigner } from '../../lib/url-signer';
import { requireUser, type Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { actionsBySkill, presentAction, presentClassSkill, presentLink, presentSkill } from './learning-skills.presenter';
import { learningSkillsRepository as repo } from './learning-skills.repository';
import { learningSkillsService as service } from './learning-skills.service';

const idOf = (req: FastifyRequest) => idParam((req.params as { id: string }).id);
const path = (resource: string) => `${API_AUTH_PREFIX}/${resource}`;

async function oneSkill(db: Db, signer: UrlSigner, p: Principal, id: number) {
  const row = await service.get(db, p, id);
  return item(presentSkill(row, signer, await repo.actionsOfSkills(db, [id])));
}

async function oneLink(db: Db, signer: UrlSigner, p: Principal, id: number) {
  await service.getLink(db, p, id);
  const { rows } = await repo.listLinks(db, p.userId, { ids: [id] }, 1, 0);
  return item(presentLink(rows[0]!, signer));
}

export const learningSkillsRoutes: ModuleRoutes = {
  name: 'learning-skills',
  auth: (app, { db, urlSigner, files }) => {
    app.get(
      '/learning-skills',
      { config: { doc: { summary: 'Learning skills: the catalogue, your own and those of your classes', query: learningSkillListQuery } } },
      async (req) => {
        const p = requireUser(req);
        const { query: q, links: filters } = readListQuery(req.query as Record<string, unknown>, learningSkillListQuery);
        const { rows, total } = await service.list(db, p, q);
        const actions = actionsBySkill(
          await repo.actionsOfSkills(
            db,
            rows.map((r) => r.skill.id),
          ),
        );
        return collection(
          path('learning-skills'),
          rows.map((r) => presentSkill(r, urlSigner, actions.get(r.skill.id) ?? [])),
          total,
          q,
          filters,
        );
      },
    );
    app.get('/learning-skill/:id', { config: { doc: { summary: 'A learning skill with its ordered actions' } } }, async (req) =>
      oneSkill(db, urlSigner, requireUser(req), idOf(req)),
    );
    app.post(
      '/learning-skill',
      {
        config: { doc: { summary: 'Create a custom skill (with teachingClass: also used by that class)', body: learningSkillCreateBody } },
      },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await service.create(db, p, parse(learningSkillCreateBody, req.body));
        return reply.status(201).send(await oneSkill(db, urlSigner, p, id));
      },
    );
    // PUT replaces what PATCH changes, with the same rules; its body says which fields it replaces.
    const write = (body: typeof learningSkillPatchBody | typeof learningSkillPutBody) => async (req: FastifyRequest) => {
      const p = requireUser(req);
      const id = idOf(req);
      await service.patch(db, files, p, id, parse(body, req.body));
      return oneSkill(db, urlSigner, p, id);
    };
    app.patch(
      '/learning-skill/:id',
      { config: { doc: { summary: 'Change a custom skill (its creator only)', body: learningSkillPatchBody } } },
      write(learningSkillPatchBody),
    );
    app.put(
      '/learning-skill/:id',
      { config: { doc: { summary: 'Replace a custom skill: name, avatar (its creator only)', body: learningSkillPutBody } } },
      write(learningSkillPutBody),
    );

    app.get(
      '/learning-actions',
      { config: { doc: { summary: 'Learning actions of the skills you may see', query: learningActionListQuery } } },
      async (req) => {
        const p = requireUser(req);
        const { query: q, links: filters } = readListQuery(req.query as Record<string, unknown>, learningActionListQuery);
        const { rows, total } = await service.listActions(db, p, q);
        return collection(path('learning-actions'), rows.map(presentAction), total, q, filters);
      },
    );
    app.get('/learning-action/:id', { config: { doc: { summary: 'A learning action' } } }, async (req) =>
      item(presentAction(await service.getAction(db, requireUser(req), idOf(req)))),
    );
    app.post(
      '/learning-action',
      { config: { doc: { summary: 'Add an action to a custom skill', body: learningActionCreateBody } } },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await service.createAction(db, p, parse(learningActionCreateBody, req.body));
        return reply.status(201).send(item(presentAction(await service.getAction(db, p, id))));
      },
    );
    app.patch(
      '/learning-action/:id',
      { config: { doc: { summary: "Rename or reorder a custom skill's action", body: learningActionPatchBody } } },
      async (req) => {
        const p = requireUser(req);
        const id = idOf(req);
        await service.patchAction(db, p, id, parse(learningActionPatchBody, req.body));
        return item(presentAction(await service.getAction(db, p, id)));
      },
    );
    app.delete(
      '/learning-action/:id',
      { config: { doc: { summary: "Delete a custom skill's action that has no ratings" } } },
      async (req, reply) => {
        await service.deleteAction(db, requireUser(req), idOf(req));
        return reply.status(204).send();
      },
    );

    app.get(
      '/teaching-class/:id/learning-skills',
      { config: { doc: { summary: 'The skills a class uses, with their ordered actions', query: classLearningSkillListQuery } } },
      async (req) => {
        const id = idOf(req);
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, classLearningSkillListQuery);
        const { skills, actions } = await service.ofClass(db, requireUser(req), id);
        const byskill = actionsBySkill(actions);
        const members = skills
          .slice(offsetOf(q), offsetOf(q) + q.itemsPerPage)
          .map((s) => presentClassSkill(s, urlSigner, byskill.get(s.skill.id) ?? []));
        return collection(`${path('teaching-class')}/${id}/learning-skills`, members, skills.length, q, links);
      },
    );
    app.get(
      '/teaching-class-learning-skills',
      { config: { doc: { summary: "Classes' choices of skills", query: teachingClassLearningSkillListQuery } } },
      async (req) => {
        const p = requireUser(req);
        const { query: q, links: filters } = readListQuery(req.query as Record<string, unknown>, teachingClassLearningSkillListQuery);
        const { rows, total } = await service.listLinks(db, p, q);
        return collection(
          path('teaching-class-learning-skills'),
          rows.map((r) => presentLink(r, urlSigner)),
          total,
          q,
          filters,
        );
      },
    );
    app.get('/teaching-class-learning-skill/:id', { config: { doc: { summary: "A class's choice of a skill" } } }, async (req) =>
      oneLink(db, urlSigner, requireUser(req), idOf(req)),
    );
    app.post(
      '/teaching-class-learning-skill',
      { config: { doc: { summary: 'A class starts using a skill (class teachers)', body: teachingClassLearningSkillCreateBody } } },
      async (req, reply) => {
        const p = requireUser(req);
        const id = await service.createLink(db, p, parse(teachingClassLearningSkillCreateBody, req.body));
        return reply.status(201).send(await oneLink(db, urlSigner, p, id));
      },
    );
    app.delete(
      '/teaching-class-learning-skill/:id',
      { config: { doc: { summary: 'A class stops using a skill; its ratings stay (class teachers)' } } },
      async (req, reply) => {
        await service.deleteLink(db, requireUser(req), idOf(req));
        return reply.status(204).send();
      },
    );
  },
};
