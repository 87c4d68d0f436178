import fs from 'node:fs';
import path from 'node:path';
import { toIntlMessages } from '@skillroom/contract/rules';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { outboxLabel, outboxNamesOf, type SaveContext } from './outbox-names';
import type { OutboxItem } from './outbox-item';

const dir = path.resolve(import.meta.dirname, '../../../../../server/src/modules/translations/locales');
const intlOf = (locale: string) =>
  createIntl({
    locale,
    messages: toIntlMessages(
      Object.assign(
        {},
        ...fs
          .readdirSync(path.join(dir, locale))
          .filter((f) => f.startsWith('web-') || f === 'server-learning-skills.json')
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, locale, f), 'utf8')) as Record<string, string>),
      ) as Record<string, string>,
    ),
  });

const roster = ['Ana Lima', 'Ben Okoro', 'Cara Novak', 'Dan Wu', 'Eva Roth'].map((n, i) => {
  const [firstName, lastName] = n.split(' ');
  return { id: 40 + i, firstName, lastName };
});
const context: SaveContext = {
  cls: { name: 'Oak 3', teachingClassStudents: roster as never },
  skills: [
    {
      id: 2,
      name: 'Teamwork',
      translationKey: null,
      colorCode: '#1a7f5a',
      learningActions: [
        { id: 11, name: 'Shares materials', translationKey: null },
        { id: 12, name: 'Takes turns', translationKey: null },
      ] as never,
    },
  ],
};

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  id: 'i',
  userId: 7,
  created: 1,
  classId: 3,
  skillId: 2,
  studentIds: [40],
  date: '2026-11-28',
  points: 3,
  description: '',
  observation: 'o',
  files: [],
  steps: [{ actionId: 11, key: 'k' }],
  state: 'waiting',
  ...over,
});
const named = (studentIds: number[], actionIds = [11]) =>
  item({
    studentIds,
    steps: actionIds.map((actionId) => ({ actionId, key: 'k' })),
    names: outboxNamesOf(context, { skillId: 2, actionIds, studentIds }),
  });

describe('a waiting save’s label (issue 36 §11)', () => {
  const en = intlOf('en');

  it('names the skill, the action, the student, the class and the day', () => {
    expect(outboxLabel(en, named([40]))).toEqual({ title: 'Teamwork: Shares materials', who: 'Ana Lima', where: 'Oak 3 · 28/11/2026' });
  });

  it('names every action and up to three students, then counts the rest', () => {
    expect(outboxLabel(en, named([40, 41], [11, 12])).title).toBe('Teamwork: Shares materials and Takes turns');
    expect(outboxLabel(en, named([40, 41])).who).toBe('Ana Lima and Ben Okoro');
    expect(outboxLabel(en, named([40, 41, 42])).who).toBe('Ana Lima, Ben Okoro, and Cara Novak');
    expect(outboxLabel(en, named([40, 41, 42, 43, 44])).who).toBe('Ana Lima, Ben Okoro, and 3 more');
  });

  it('says the whole class for none, and the skill as a whole for no action', () => {
    const label = outboxLabel(en, named([], []));
    expect(label.who).toBe('Whole class');
    expect(label.title).toBe('Teamwork: The skill as a whole');
  });

  it('reads in the reader’s language', () => {
    expect(outboxLabel(intlOf('es'), named([40, 41, 42, 43]))).toEqual({
      title: 'Teamwork: Shares materials',
      who: 'Ana Lima, Ben Okoro y 2 más',
      where: 'Oak 3 · 28/11/2026',
    });
    expect(outboxLabel(intlOf('zh-HK'), named([40, 41, 42, 43])).who).toBe('Ana Lima、Ben Okoro及另外 2 名學生');
    expect(outboxLabel(intlOf('zh-HK'), named([]))).toMatchObject({ title: 'Teamwork：Shares materials', who: '全班' });
  });

  it('a catalogue skill is named in the reader’s language, whatever the language it was saved in', () => {
    const catalogue: SaveContext = {
      ...context,
      skills: [{ ...context.skills[0]!, name: 'Communication', translationKey: 'learning_skill.communication' }],
    };
    const saved = item({ names: outboxNamesOf(catalogue, { skillId: 2, actionIds: [11], studentIds: [40] }) });
    expect(saved.names!.skill.translationKey).toBe('learning_skill.communication');
    expect(outboxLabel(en, saved).title).toMatch(/^Communication: /);
    expect(outboxLabel(intlOf('es'), saved).title).toMatch(/^Comunicación: /);
  });

  it('a save kept by an older version, without names, reads by its class (or “A class”), count and day', () => {
    expect(outboxLabel(en, item({ className: 'Oak 3' }))).toEqual({ title: 'Oak 3: 1 rating of 28/11/2026', who: null, where: null });
    expect(outboxLabel(en, item({ steps: [] as never })).title).toBe('A class: 0 ratings of 28/11/2026');
  });

  it('a skill the class no longer has keeps no names (the count reads instead)', () => {
    expect(outboxNamesOf(context, { skillId: 99, actionIds: [11], studentIds: [40] })).toBeUndefined();
  });
});

describe('the sent confirmation', () => {
  it.each([
    ['en', '1 rating sent.', '3 ratings sent.'],
    ['es', '1 valoración enviada.', '3 valoraciones enviadas.'],
    ['zh-HK', '已傳送 1 項評分。', '已傳送 3 項評分。'],
  ])('counts the ratings in %s', (locale, one, three) => {
    const intl = intlOf(locale);
    expect(intl.formatMessage({ id: 'web_outbox_sent' }, { count: 1 })).toBe(one);
    expect(intl.formatMessage({ id: 'web_outbox_sent' }, { count: 3 })).toBe(three);
  });
});
