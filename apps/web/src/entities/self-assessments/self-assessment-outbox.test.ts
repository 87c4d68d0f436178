// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardOutboxItem, flushOutbox, notesOf, retryOutboxItem, type OutboxKinds } from '../outbox/outbox-flush';
import { listOutbox, putOutboxItem } from '../outbox/outbox-store';
import {
  droppedConnection as dropped,
  endFakeConnection,
  fakeConnection,
  uploads,
  jsonAnswer as json,
  waitingPhoto,
  type FakeConnection,
} from '../outbox/outbox-test-kit';
import {
  changeSelfAssessmentItem,
  saveSelfAssessment,
  selfAssessmentItemOf,
  selfAssessmentOutbox,
  type NewSelfAssessment,
} from './self-assessment-outbox';
import { isSelfAssessmentItem, selfAssessmentLabel } from './self-assessment-outbox-item';

vi.mock('../../lib/resumable-upload', async () => (await import('../outbox/outbox-test-kit')).fakeResumableUpload(700));
const revalidated = vi.hoisted(() => ({ count: 0 }));
vi.mock('./self-assessments-api', async (orig) => ({
  ...(await orig<object>()),
  revalidateSelfAssessments: async () => void revalidated.count++,
}));

const USER = 9;
let net: FakeConnection;
// The server's replay of a kept answer carries the id alone, which is all the outbox keeps.
const created = () => json(201, { '@id': '/api/auth/v1/self-assessment/31', id: 31 });
const photo = () => waitingPhoto('my-work.jpg');
const fresh = (o: Partial<NewSelfAssessment> = {}): NewSelfAssessment => ({
  placeId: 40,
  skillId: 2,
  points: 3,
  reflection: 'I helped Bao with fractions.',
  attachments: [photo()],
  clientId: crypto.randomUUID(),
  names: { className: 'Oak', skill: { name: 'Communication', translationKey: null }, stage: 'Secure' },
  ...o,
});
const KINDS: OutboxKinds = { 'self-assessment': selfAssessmentOutbox };
const mine = async () => (await listOutbox(USER)).filter(isSelfAssessmentItem);

beforeEach(() => {
  revalidated.count = 0;
  net = fakeConnection(USER, created);
});

afterEach(() => endFakeConnection(USER));

describe('self-assessments in the outbox (issue 38)', () => {
  it('offline, the self-assessment waits on the device with its file, its key and its clientId, and nothing is sent', async () => {
    net.online = false;
    const n = fresh();
    expect(await saveSelfAssessment(selfAssessmentItemOf(n, USER))).toBe(true);
    expect(net.calls).toEqual([]);
    const [item] = await mine();
    expect(item).toMatchObject({ kind: 'self-assessment', placeId: 40, skillId: 2, points: 3, clientId: n.clientId, state: 'waiting' });
    expect(item!.key).toBeTruthy();
    expect(await item!.files[0]!.blob!.text()).toBe('jpeg bytes');
    const intl = createIntl({ locale: 'en', messages: { web_outbox_self_item: 'Self-assessment: {skill}' } });
    expect(selfAssessmentLabel(intl, item!)).toMatchObject({ title: 'Self-assessment: Communication', who: null });
    expect(selfAssessmentLabel(intl, item!).where).toMatch(/^Oak · Secure · \d\d\/\d\d\/\d{4}$/);
  });

  it('back online: the file once, then one POST with the clientId; the list is read again before it leaves', async () => {
    net.online = false;
    const n = fresh();
    await saveSelfAssessment(selfAssessmentItemOf(n, USER));
    net.online = true;
    const sent = await flushOutbox(KINDS);
    expect(sent).toHaveLength(1);
    expect(notesOf(KINDS, sent)).toEqual([{ id: 'web_outbox_self_sent', count: 1 }]);
    expect(uploads.map((u) => u.name)).toEqual(['my-work.jpg']);
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.url).toMatch(/\/self-assessment$/);
    expect(net.calls[0]!.body).toEqual({
      teachingClassStudent: 40,
      learningSkill: 2,
      points: 3,
      reflection: 'I helped Bao with fractions.',
      medias: [701],
      clientId: n.clientId,
    });
    expect(revalidated.count).toBe(1);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('after a dropped connection, resends with the same key and clientId, and the file is not uploaded again', async () => {
    net.online = false;
    const n = fresh();
    await saveSelfAssessment(selfAssessmentItemOf(n, USER));
    net.online = true;
    net.answer = dropped;
    expect(await flushOutbox(KINDS)).toEqual([]);
    const [half] = await mine();
    expect(half!.files[0]).toMatchObject({ mediaId: 701 });
    expect(half!.files[0]!.blob).toBeUndefined();
    net.answer = created;
    expect(await flushOutbox(KINDS)).toHaveLength(1);
    expect(uploads).toHaveLength(1);
    expect(net.calls.map((c) => [c.key, c.body?.clientId])).toEqual([
      [half!.key, n.clientId],
      [half!.key, n.clientId],
    ]);
  });

  it('online it is sent at once; a connection lost on the way keeps it instead of failing', async () => {
    expect(await saveSelfAssessment(selfAssessmentItemOf(fresh({ attachments: [] }), USER))).toBe(false);
    expect(net.calls).toHaveLength(1);
    expect(await listOutbox(USER)).toEqual([]);
    net.answer = dropped;
    expect(await saveSelfAssessment(selfAssessmentItemOf(fresh({ attachments: [] }), USER))).toBe(true);
    expect(await mine()).toHaveLength(1);
    // A refusal while online is the form's to show: nothing waits.
    net.answer = () => json(403, { 'hydra:description': 'The teachers of this class have not turned self-assessment on.' });
    await expect(saveSelfAssessment(selfAssessmentItemOf(fresh({ attachments: [] }), USER))).rejects.toThrow(/not turned/);
    expect(await mine()).toHaveLength(1);
  });

  it('a refused one stays with the reason; changed, it is retried with the new reflection; discarded, it leaves', async () => {
    net.online = false;
    await saveSelfAssessment(selfAssessmentItemOf(fresh(), USER));
    await saveSelfAssessment(selfAssessmentItemOf(fresh({ attachments: [] }), USER));
    net.online = true;
    net.answer = () => json(403, { 'hydra:description': 'Switched off.' });
    expect(await flushOutbox(KINDS)).toEqual([]);
    const [refused, next] = await mine();
    expect(refused).toMatchObject({ state: 'refused', reason: 'Switched off.' });
    expect(next).toMatchObject({ state: 'refused' });
    await changeSelfAssessmentItem(refused!, { reflection: 'Better said.', dropFiles: [0] });
    net.answer = created;
    net.calls = [];
    expect(await retryOutboxItem((await mine())[0]!, KINDS)).toHaveLength(1);
    expect(net.calls.at(-1)!.body).toMatchObject({ reflection: 'Better said.', medias: [] });
    await discardOutboxItem((await mine())[0]!, KINDS);
    expect(await listOutbox(USER)).toEqual([]);
  });

  it('a sending without its kind leaves it waiting, and sends the kinds it knows in the order saved', async () => {
    net.online = false;
    await saveSelfAssessment(selfAssessmentItemOf(fresh({ attachments: [] }), USER));
    await putOutboxItem({ id: 'other', kind: 'later-kind', userId: USER, created: Date.now() + 5, files: [], state: 'waiting' });
    net.online = true;
    expect(await flushOutbox(KINDS)).toHaveLength(1);
    expect((await listOutbox(USER)).map((i) => i.id)).toEqual(['other']);
  });
});
