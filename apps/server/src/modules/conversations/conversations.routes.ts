import {
  API_AUTH_PREFIX,
  announcementBody,
  announcementSchema,
  conversationListQuery,
  conversationSchema,
  hydraCollectionSchema,
  messageCreateBody,
  messageListQuery,
  messagePatchBody,
  messageSchema,
} from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import { idParams, listQuerystring } from '../../http/route-schema';
import { recordReads } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { conversationsService as service } from './conversations.service';

/** DESIGN §11 messages: a conversation per child's place between its linked family and the class's teachers. */
export const conversationsRoutes: ModuleRoutes = {
  name: 'conversations',
  auth: (app, { db, urlSigner }) => {
    app.get(
      '/conversations',
      {
        schema: {
          summary: "The reader's conversations (the children they are linked to, the classes they teach), last written first",
          querystring: listQuerystring(conversationListQuery),
          response: { 200: hydraCollectionSchema(conversationSchema) },
        },
      },
      async (req) => {
        const { query: q, links } = req.query;
        const { members, total } = await service.list(db, urlSigner, req.principal, q);
        return collection(`${API_AUTH_PREFIX}/conversations`, members, total, q, links);
      },
    );
    app.get(
      '/conversation/:id',
      { schema: { summary: 'One conversation', params: idParams, response: { 200: conversationSchema } } },
      async (req) => item((await service.get(db, urlSigner, req.principal, req.params.id)).conversation),
    );
    app.get(
      '/conversation/:id/messages',
      {
        schema: {
          summary: "A conversation's messages, newest first; read receipts on the reader's own",
          params: idParams,
          querystring: listQuerystring(messageListQuery),
          response: { 200: hydraCollectionSchema(messageSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        const { query: q, links } = req.query;
        const { members, total, place } = await service.messages(db, urlSigner, p, id, q);
        // DESIGN §11 privacy: a linked user's read of the child's messages is in the access log (teachers' reads are not).
        recordReads(db, {
          userId: p.userId,
          action: 'record',
          detail: `conversation/${id}`,
          address: req.ip,
          subject: { placeIds: [place.placeId] },
        });
        return collection(`${API_AUTH_PREFIX}/conversation/${id}/messages`, members, total, q, links);
      },
    );
    app.post(
      '/message',
      {
        schema: {
          summary: "Write in a conversation, or in a child's (made with its first message)",
          body: messageCreateBody,
          response: { 201: messageSchema },
        },
      },
      async (req, reply) => {
        const m = await service.post(db, urlSigner, req.principal, req.body);
        reply.code(201).header('Location', m['@id']);
        return item(m);
      },
    );
    app.patch(
      '/message/:id',
      {
        schema: {
          summary: 'Mark a message read (and every earlier one of its conversation) or unread',
          params: idParams,
          body: messagePatchBody,
          response: { 200: messageSchema },
        },
      },
      async (req) => item(await service.setRead(db, urlSigner, req.principal, req.params.id, req.body.isRead)),
    );
    app.post(
      '/announcement',
      {
        schema: {
          summary: "A teacher's message to every linked family of a class, each in its own child's conversation",
          body: announcementBody,
          response: { 201: announcementSchema },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return service.announce(db, req.principal, req.body);
      },
    );
  },
};
