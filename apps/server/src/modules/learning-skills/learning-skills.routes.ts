import {
  API_AUTH_PREFIX,
  classLearningSkillListQuery,
  classLearningSkillSchema,
  hydraCollectionSchema,
  learningActionCreateBody,
  learningActionListQuery,
  learningActionPatchBody,
  learningActionSchema,
  learningSkillCreateBody,
  learningSkillListQuery,
  learningSkillPatchBody,
  learningSkillPutBody,
  learningSkillSchema,
  noContentSchema,
  teachingClassLearningSkillCreateBody,
  teachingClassLearningSkillListQuery,
  teachingClassLearningSkillSchema,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { collection, item, offsetOf } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import type { Principal } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { actionsBySkill, presentAction, presentClassSkill, presentLink, presentSkill } from './learning-skills.presenter';
import { learningSkillsRepository as repo } from './learning-skills.repository';
import { learningSkillsService as service, readerTexts } from './learning-skills.service';
import { idParams, listQuerystring } from '../../http/route-schema';

const path = (resource: string) => `${API_AUTH_PREFIX}/${resource}`;

async function oneSkill(db: Db, signer: UrlSigner, p: Principal, id: number) {
  const row = await service.get(db, p, id);
  return item(presentSkill(row, signer, await repo.actionsOfSkills(db, [id]), await readerTexts(db, p)));
}

async function oneLink(db: Db, signer: UrlSigner, p: Principal, id: number) {
  await service.getLink(db, p, id);
  const { rows } = await repo.listLinks(db, p.userId, { ids: [id] }, 1, 0);
  return item(presentLink(rows[0]!, signer, await readerTexts(db, p)));
}

export const learningSkillsRoutes: ModuleRoutes = {
  name: 'learning-skills',
  auth: (app, { db, urlSigner, files }) => {
    app.get(
      '/learning-skills',
      {
        schema: {
          summary: 'Learning skills: the catalogue, your own and those of your classes',
          querystring: listQuerystring(learningSkillListQuery),
          response: { 200: hydraCollectionSchema(learningSkillSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links: filters } = req.query;
        const { rows, total } = await service.list(db, p, q);
        const t = await readerTexts(db, p);
        const actions = actionsBySkill(
          await repo.actionsOfSkills(
            db,
            rows.map((r) => r.skill.id),
          ),
        );
        return collection(
          path('learning-skills'),
          rows.map((r) => presentSkill(r, urlSigner, actions.get(r.skill.id) ?? [], t)),
          total,
          q,
          filters,
        );
      },
    );
    app.get(
      '/learning-skill/:id',
      { schema: { summary: 'A learning skill with its ordered actions', params: idParams, response: { 200: learningSkillSchema } } },
      async (req) => oneSkill(db, urlSigner, req.principal, req.params.id),
    );
    app.post(
      '/learning-skill',
      {
        schema: {
          summary: 'Create a custom skill (with teachingClass: also used by that class)',
          body: learningSkillCreateBody,
          response: { 201: learningSkillSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.create(db, p, req.body);
        return reply.status(201).send(await oneSkill(db, urlSigner, p, id));
      },
    );
    app.patch(
      '/learning-skill/:id',
      {
        schema: {
          summary: 'Change a custom skill (its creator only)',
          params: idParams,
          body: learningSkillPatchBody,
          response: { 200: learningSkillSchema },
        },
      },
      async (req) => {
        await service.patch(db, files, req.principal, req.params.id, req.body);
        return oneSkill(db, urlSigner, req.principal, req.params.id);
      },
    );
    // PUT replaces what PATCH changes, with the same rules; its body says which fields it replaces.
    app.put(
      '/learning-skill/:id',
      {
        schema: {
          summary: 'Replace a custom skill: name, avatar (its creator only)',
          params: idParams,
          body: learningSkillPutBody,
          response: { 200: learningSkillSchema },
        },
      },
      async (req) => {
        await service.patch(db, files, req.principal, req.params.id, req.body);
        return oneSkill(db, urlSigner, req.principal, req.params.id);
      },
    );

    app.get(
      '/learning-actions',
      {
        schema: {
          summary: 'Learning actions of the skills you may see',
          querystring: listQuerystring(learningActionListQuery),
          response: { 200: hydraCollectionSchema(learningActionSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links: filters } = req.query;
        const { rows, total } = await service.listActions(db, p, q);
        return collection(path('learning-actions'), rows.map(presentAction), total, q, filters);
      },
    );
    app.get(
      '/learning-action/:id',
      { schema: { summary: 'A learning action', params: idParams, response: { 200: learningActionSchema } } },
      async (req) => item(presentAction(await service.getAction(db, req.principal, req.params.id))),
    );
    app.post(
      '/learning-action',
      { schema: { summary: 'Add an action to a custom skill', body: learningActionCreateBody, response: { 201: learningActionSchema } } },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.createAction(db, p, req.body);
        return reply.status(201).send(item(presentAction(await service.getAction(db, p, id))));
      },
    );
    app.patch(
      '/learning-action/:id',
      {
        schema: {
          summary: "Rename or reorder a custom skill's action",
          params: idParams,
          body: learningActionPatchBody,
          response: { 200: learningActionSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        await service.patchAction(db, p, id, req.body);
        return item(presentAction(await service.getAction(db, p, id)));
      },
    );
    app.delete(
      '/learning-action/:id',
      { schema: { summary: "Delete a custom skill's action that has no ratings", params: idParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await service.deleteAction(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/teaching-class/:id/learning-skills',
      {
        schema: {
          summary: 'The skills a class uses, with their ordered actions',
          params: idParams,
          querystring: listQuerystring(classLearningSkillListQuery),
          response: { 200: hydraCollectionSchema(classLearningSkillSchema) },
        },
      },
      async (req) => {
        const id = req.params.id;
        const { query: q, links } = req.query;
        const { skills, actions } = await service.ofClass(db, req.principal, id);
        const byskill = actionsBySkill(actions);
        const t = await readerTexts(db, req.principal);
        const members = skills
          .slice(offsetOf(q), offsetOf(q) + q.itemsPerPage)
          .map((s) => presentClassSkill(s, urlSigner, byskill.get(s.skill.id) ?? [], t));
        return collection(`${path('teaching-class')}/${id}/learning-skills`, members, skills.length, q, links);
      },
    );
    app.get(
      '/teaching-class-learning-skills',
      {
        schema: {
          summary: "Classes' choices of skills",
          querystring: listQuerystring(teachingClassLearningSkillListQuery),
          response: { 200: hydraCollectionSchema(teachingClassLearningSkillSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links: filters } = req.query;
        const { rows, total } = await service.listLinks(db, p, q);
        const t = await readerTexts(db, p);
        return collection(
          path('teaching-class-learning-skills'),
          rows.map((r) => presentLink(r, urlSigner, t)),
          total,
          q,
          filters,
        );
      },
    );
    app.get(
      '/teaching-class-learning-skill/:id',
      { schema: { summary: "A class's choice of a skill", params: idParams, response: { 200: teachingClassLearningSkillSchema } } },
      async (req) => oneLink(db, urlSigner, req.principal, req.params.id),
    );
    app.post(
      '/teaching-class-learning-skill',
      {
        schema: {
          summary: 'A class starts using a skill (class teachers)',
          body: teachingClassLearningSkillCreateBody,
          response: { 201: teachingClassLearningSkillSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const id = await service.createLink(db, p, req.body);
        return reply.status(201).send(await oneLink(db, urlSigner, p, id));
      },
    );
    app.delete(
      '/teaching-class-learning-skill/:id',
      {
        schema: {
          summary: 'A class stops using a skill; its ratings stay (class teachers)',
          params: idParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await service.deleteLink(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );
  },
};
