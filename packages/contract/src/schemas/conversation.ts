import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { HH_MM } from '../quiet-hours-rules';
import { cleanMessageText, MESSAGE_MESSAGES, MESSAGE_TEXT_MAX } from '../message-rules';
import { RATING_LIMITS } from '../rating-rules';
import type { Media } from './media';
import { V, refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { jsonLdObject, resourceSchema, stampFields } from './responses';

/** DESIGN §11 office hours, as a class is written with them: ISO weekdays each once, HH:mm start before end. */
const officeTime = z.string({ error: MESSAGE_MESSAGES.officeTime }).regex(HH_MM, { error: MESSAGE_MESSAGES.officeTime });
export const officeHoursBody = z
  .strictObject(
    {
      days: z
        .array(
          z
            .number({ error: MESSAGE_MESSAGES.officeDays })
            .int({ error: MESSAGE_MESSAGES.officeDays })
            .min(1, { error: MESSAGE_MESSAGES.officeDays })
            .max(7, { error: MESSAGE_MESSAGES.officeDays }),
          {
            error: MESSAGE_MESSAGES.officeDays,
          },
        )
        .min(1, { error: MESSAGE_MESSAGES.officeDays })
        .max(7, { error: MESSAGE_MESSAGES.officeDays })
        .refine((d) => new Set(d).size === d.length, { error: MESSAGE_MESSAGES.officeDays })
        .transform((d) => [...d].sort((a, b) => a - b)),
      start: officeTime,
      end: officeTime,
    },
    { error: V.type },
  )
  .superRefine((o, ctx) => {
    // Compared only when both are times: a bad start is said once, under the start, not again as an order under the end.
    if (HH_MM.test(o.start) && HH_MM.test(o.end) && o.start >= o.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: MESSAGE_MESSAGES.officeOrder });
  });
export const officeHoursSchema = z.strictObject({ days: z.array(z.number().int()), start: z.string(), end: z.string() });

/** A message's text: cleaned (cleanMessageText), then 1 to MESSAGE_TEXT_MAX characters. */
const messageText = z
  .string({ error: V.blank })
  .transform(cleanMessageText)
  .pipe(
    z
      .string()
      .min(1, { error: V.blank })
      .max(MESSAGE_TEXT_MAX, { error: V.tooLong(MESSAGE_TEXT_MAX) }),
  );
/** Photos, videos, audio and files: the user's own uploads attached nowhere yet, as many as a rating may carry. */
const medias = z.array(refSchema, { error: V.type }).max(RATING_LIMITS.medias, { error: V.type }).optional();

/** `POST /message {conversation | teachingClassStudent, text}`: into a conversation, or the child's (made on the first). */
export const messageCreateBody = writeBody(
  { conversation: refSchema.optional(), teachingClassStudent: refSchema.optional(), text: messageText, medias },
  ['author', 'readBy', 'isRead', 'isMine', 'isAnnouncement', 'expectAnswerAfter'],
).superRefine((b, ctx) => {
  if ((b.conversation === undefined) === (b.teachingClassStudent === undefined))
    ctx.addIssue({ code: 'custom', path: ['conversation'], message: MESSAGE_MESSAGES.oneTarget });
});
export type MessageCreateBody = z.input<typeof messageCreateBody>;

/** `PATCH /message/{id} {isRead}`: true reads it and every earlier message of its conversation; false, it alone. */
export const messagePatchBody = writeBody({ isRead: z.boolean({ error: V.type }) }, [
  'conversation',
  'author',
  'text',
  'readBy',
  'isMine',
  'isAnnouncement',
  'expectAnswerAfter',
  'medias',
]);
export type MessagePatchBody = z.input<typeof messagePatchBody>;

/** `POST /announcement {teachingClass, text}`: one message into each linked family's conversation of the class. */
export const announcementBody = writeBody({ teachingClass: refSchema, text: messageText, medias }, ['conversations', 'created']);
export type AnnouncementBody = z.input<typeof announcementBody>;

export const conversationListQuery = listQuery(
  {
    teachingClassStudent: filter.ref('the conversation of this child’s place'),
    'teachingClass.id': filter.ids(),
    unread: filter.flag('only those with (1) or without (0) messages the reader has not read: the header counts them'),
  },
  PAGE_SIZE.conversations,
);
export const messageListQuery = listQuery({}, PAGE_SIZE.messages);

/** A person in a conversation; `family` for a linked user, `teacher` for the class's creator and co-teachers. */
export const participantSchema = z.strictObject({
  '@id': z.string(),
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['teacher', 'family']),
});
export type Participant = z.output<typeof participantSchema>;

export const messageSchema = jsonLdObject('Message', {
  ...stampFields,
  conversation: z.string(),
  /** Null once its author deleted their account ("Former member"): the child's record keeps the conversation. */
  author: participantSchema.nullable(),
  text: z.string(),
  /**
   * Its attachments, readable by exactly the conversation's members. Checked as resources of type Media (the presenter
   * makes them with the media presenter, whose own schema is checked on its routes); typed as the full Media for readers.
   */
  medias: z.array(resourceSchema('Media') as unknown as z.ZodType<Media>),
  /** Sent to every family of the class at once: each family answers in its own conversation, never to the group. */
  isAnnouncement: z.boolean(),
  isMine: z.boolean(),
  /** Read by the reader (always for their own). */
  isRead: z.boolean(),
  /** Read receipts, for the sender's own messages only: who of the other side read it, and when. */
  readBy: z.array(z.strictObject({ user: participantSchema, readAt: z.string() })),
  /** A family's message sent outside the class's office hours: when the teachers are next at work (POST only). */
  expectAnswerAfter: z.string().nullable().optional(),
});
export type Message = z.output<typeof messageSchema>;

export const conversationSchema = jsonLdObject('Conversation', {
  ...stampFields,
  teachingClass: z.strictObject({ '@id': z.string(), id: z.number().int(), name: z.string(), isFinished: z.boolean() }),
  teachingClassStudent: z.strictObject({
    '@id': z.string(),
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    student: z.string(),
  }),
  participants: z.array(participantSchema),
  lastMessage: messageSchema.nullable(),
  unread: z.number().int().min(0),
  officeHours: officeHoursSchema.nullable(),
});
export type Conversation = z.output<typeof conversationSchema>;

export const announcementSchema = z.strictObject({
  '@type': z.literal('Announcement'),
  teachingClass: z.string(),
  text: z.string(),
  created: z.string(),
  /** How many children's conversations it went to (each with a linked family). */
  conversations: z.number().int().min(0),
});
export type Announcement = z.output<typeof announcementSchema>;
