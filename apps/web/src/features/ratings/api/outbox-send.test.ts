// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { MediaType } from '@skillroom/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox as flushAll, retryOutboxItem as retryAll } from '../../../entities/outbox/outbox-flush';
import { listOutbox as listAll, putOutboxItem } from '../../../entities/outbox/outbox-store';
import {
  droppedConnection,
  endFakeConnection,
  fakeConnection,
  uploads,
  jsonAnswer as json,
  waitingPhoto,
  type FakeCall as Call,
  type FakeConnection,
} from '../../../entities/outbox/outbox-test-kit';
import type { OutboxItemBase } from '../../../entities/outbox/outbox-types';
import { changeOutboxItem, ratingOutbox, ratingsSent } from './outbox-send';
import { isRatingItem } from './outbox-item';
import type { SaveContext } from './outbox-names';
import { createRatings, undoRatings } from './save-ratings';
import type { Attachment } from '../../../entities/media/use-attachments';

vi.mock('../../../lib/resumable-upload', async () => (await import('../../../entities/outbox/outbox-test-kit')).fakeResumableUpload(500));
vi.mock('../../../entities/ratings/ratings-api', async (orig) => ({ ...(await orig<object>()), revalidateRatings: async () => undefined }));

const USER = 7;
// The shared outbox with the ratings' kind alone, counting the ratings sent as the header says them.
const KINDS = { rating: ratingOutbox };
const flushOutbox = async () => ratingsSent(await flushAll(KINDS));
const retryOutboxItem = async (item: OutboxItemBase) => ratingsSent(await retryAll(item, KINDS));
const listOutbox = async (userId: number) => (await listAll(userId)).filter(isRatingItem);
let net: FakeConnection;
let nextId = 100;

/** POST /observation's answer: a rating per action (PATCH, for an item half sent before, answers them all the same). */
const created = (c: Call) =>
  json(c.method === 'POST' ? 201 : 200, {
    id: c.body?.observation,
    ratings: ((c.body?.learningActions as number[]) ?? []).map((a) => ({ id: nextId++, learningAction: a })),
  });

const photo = () => waitingPhoto('board.jpg');
const context: SaveContext = {
  cls: { name: 'Oak', teachingClassStudents: [{ id: 40, firstName: 'Ana', lastName: 'Lima' }] as never },
  skills: [
    {
      id: 2,
      name: 'Communication',
      translationKey: null,
      colorCode: '#0f766e',
      learningActions: [11, 12, 13].map((id) => ({ id, name: `Action ${id}`, translationKey: null })) as never,
    },
  ],
};
const save = (classId = 3, actionIds = [11, 12], attachments: Attachment[] = [photo()]) =>
  createRatings({
    classId,
    context,
    skillId: 2,
    actionIds,
    studentIds: [40],
    date: '2026-11-24',
    points: 3,
    description: 'Good',
    attachments,
  });

beforeEach(() => {
  net = fakeConnection(USER, created);
});

afterEach(() => endFakeConnection(USER));

describe('outbox (DESIGN §7)', () => {
  it('keeps an offline save on the device with its file, one key per request, and sends nothing', async () => {
    net.online = false;
    const saved = await save();
    expect(saved.queuedId).toBeTruthy();
    expect(saved.ratingIds).toEqual([]);
    expect(net.calls).toEqual([]);
    const [item] = await listOutbox(USER);
    expect(item).toMatchObject({
      id: saved.queuedId,
      classId: 3,
      names: {
        className: 'Oak',
        students: ['Ana Lima'],
        skill: { name: 'Communication', translationKey: null, colorCode: '#0f766e' },
        actions: [
          { name: 'Action 11', translationKey: null },
          { name: 'Action 12', translationKey: null },
        ],
      },
      points: 3,
      description: 'Good',
      observation: saved.observation,
      state: 'waiting',
    });
    expect(item!.files).toMatchObject([{ name: 'board.jpg', type: 'image/jpeg', mediaType: MediaType.RatingPhoto }]);
    expect(item!.files[0]!.blob!.size).toBe('jpeg bytes'.length);
    expect(await item!.files[0]!.blob!.text()).toBe('jpeg bytes');
    expect(item!.steps.map((s) => s.actionId)).toEqual([11, 12]);
    expect(item!.key).toBeTruthy();
    // Another user on this device sees none of it.
    expect(await listOutbox(8)).toEqual([]);
  });

  it('sends waiting saves in order when back online: the file once, then one request per observation with its key', async () => {
    net.online = false;
    const first = await save(3, [11, 12]);
    const second = await save(4, [13], []);
    net.online = true;
    // Three ratings: two actions of the first save, one of the second.
    expect(await flushOutbox()).toBe(3);
    expect(uploads).toHaveLength(1);
    expect(
      net.calls.map((c) => [c.method, c.url.replace(/^.*\/api\/auth\/v1/, ''), c.body?.teachingClass, c.body?.learningActions]),
    ).toEqual([
      ['POST', '/observation', 3, [11, 12]],
      ['POST', '/observation', 4, [13]],
    ]);
    expect(net.calls[0]!.body).toMatchObject({
      medias: [501],
      observation: first.observation,
      learningSkill: 2,
      students: ['/api/auth/v1/teaching-class-student/40'],
    });
    expect(net.calls[1]!.body).toMatchObject({ medias: [], observation: second.observation });
    expect(new Set(net.calls.map((c) => c.key)).size).toBe(2);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('after a dropped connection resends only what is missing, with the same key', async () => {
    net.online = false;
    await save(3, [11, 12]);
    net.online = true;
    net.answer = droppedConnection;
    expect(await flushOutbox()).toBe(0);
    const [half] = await listOutbox(USER);
    expect(half!.ratingIds).toBeUndefined();
    expect(half!.files[0]).toMatchObject({ mediaId: 501 });
    expect(half!.files[0]!.blob).toBeUndefined();
    const lostKey = net.calls[0]!.key;
    net.answer = created;
    net.calls = [];
    expect(await flushOutbox()).toBe(2);
    expect(uploads).toHaveLength(1);
    expect(net.calls.map((c) => [c.body?.learningActions, c.key])).toEqual([[[11, 12], lostKey]]);
  });

  it('an item half sent a rating per action (saved before POST /observation) sends the rest as a PATCH of its observation', async () => {
    net.online = false;
    const saved = await save(3, [11, 12], []);
    const [item] = await listOutbox(USER);
    const { key: _key, ...old } = item!;
    await putOutboxItem({ ...old, steps: [{ ...old.steps[0]!, rating: { id: 90 } as never }, old.steps[1]!] });
    net.online = true;
    expect(await flushOutbox()).toBe(2);
    expect(net.calls.map((c) => [c.method, c.url.endsWith(`/observation/${saved.observation}`), c.body?.learningActions])).toEqual([
      ['PATCH', true, [11, 12]],
    ]);
  });

  it('a save that loses the connection while online waits instead of failing', async () => {
    net.answer = droppedConnection;
    const saved = await save(3, [11], []);
    expect(saved.queuedId).toBeTruthy();
    expect(await listOutbox(USER)).toHaveLength(1);
  });

  it('keeps a refused save with the reason, sends the next, and lets the user change, retry or undo it', async () => {
    net.online = false;
    await save(3, [11], [photo()]);
    await save(4, [13], []);
    net.online = true;
    net.answer = (c) => (c.body?.teachingClass === 3 ? json(404, { 'hydra:description': 'Not Found' }) : created(c));
    expect(await flushOutbox()).toBe(1);
    const [refused] = await listOutbox(USER);
    expect(refused).toMatchObject({ classId: 3, state: 'refused', reason: 'Not Found' });
    // A flush leaves it alone: only the user's retry sends it again.
    net.calls = [];
    await flushOutbox();
    expect(net.calls).toEqual([]);

    await changeOutboxItem(refused!, { description: 'Better', points: 5, dropFiles: [0] });
    const [changed] = await listOutbox(USER);
    expect(changed).toMatchObject({ description: 'Better', points: 5, files: [], state: 'waiting' });
    net.answer = created;
    expect(await retryOutboxItem(changed!)).toBe(1);
    expect(net.calls.at(-1)!.body).toMatchObject({ description: 'Better', points: 5, medias: [] });
  });

  it('undo of a waiting save takes it out of the outbox', async () => {
    net.online = false;
    const saved = await save();
    await undoRatings(saved);
    expect(await listOutbox(USER)).toEqual([]);
    expect(net.calls).toEqual([]);
  });

  it('an item of another user stays out of this session’s sending', async () => {
    net.online = false;
    await save(3, [11], []);
    const [mine] = await listOutbox(USER);
    await putOutboxItem({ ...mine!, userId: 8, id: 'other', classId: 9 });
    net.online = true;
    await flushOutbox();
    expect(net.calls.map((c) => c.body?.teachingClass)).toEqual([3]);
    expect((await listOutbox(8)).map((i) => i.id)).toEqual(['other']);
  });
});
