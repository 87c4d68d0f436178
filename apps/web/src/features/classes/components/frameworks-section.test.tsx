// @vitest-environment jsdom
import type { Framework, TeachingClass } from '@skillroom/contract/types';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAMEWORKS_KEY } from '../api/coverage-api';
import { FrameworksSection } from './frameworks-section';

vi.mock('../../../entities/learning-skills/learning-skills-api', () => ({ revalidateSkills: vi.fn() }));

const messages = {
  web_frameworks_title: 'Frameworks',
  web_frameworks_intro: 'Add a whole set of skills in one step.',
  web_frameworks_finished: 'This class is finished: reopen it to adopt a framework.',
  web_frameworks_adopt: 'Adopt',
  web_frameworks_adopt_named: 'Adopt {name}',
  web_frameworks_skills_of: 'Skills of {name}',
  web_frameworks_skill_used: 'in use',
  web_frameworks_in_use: 'This class already uses all of these skills.',
  web_frameworks_added: '{count, plural, one {Added # skill: {names}.} other {Added # skills: {names}.}}',
  web_frameworks_nothing_added: 'Nothing added: this class already uses every skill of {name}.',
};
const skill = (id: number, name: string) => ({ '@id': `/api/auth/v1/learning-skill/${id}`, id, name, translationKey: null });
// Only what the section reads of a framework and a class: their other fields play no part here.
// A framework as the list shows it; the fields the section does not read are left out (the casts below likewise).
const sel = {
  id: 'sel',
  name: 'Social and emotional learning',
  description: 'Five areas of growing up with others.',
  learningSkills: [skill(11, 'Self-awareness'), skill(12, 'Self-management')],
} as unknown as Framework;
const classOf = (isFinished: boolean) => ({ id: 5, isFinished }) as unknown as TeachingClass;

function renderSection(isFinished = false, used: number[] = []) {
  return render(
    <IntlProvider locale="en" messages={messages} onError={() => undefined}>
      <SWRConfig
        value={{
          provider: () => new Map(),
          fallback: { [FRAMEWORKS_KEY]: { 'hydra:member': [sel], 'hydra:totalItems': 1 } },
          fetcher: () => new Promise(() => undefined),
        }}
      >
        <FrameworksSection cls={classOf(isFinished)} used={new Set(used)} load />
      </SWRConfig>
    </IntlProvider>,
  );
}

/** The server's answer to the adoption, as `fetch` gives it; the calls are kept. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const adoption = (added: string[]) => ({
  '@type': 'FrameworkAdoption',
  framework: 'sel',
  teachingClass: '/api/auth/v1/teaching-class/5',
  added,
});

describe('frameworks on the class’s skills screen (DESIGN §12)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adopts a framework in one step and says which skills it added', async () => {
    const fetch = answer(200, adoption(['/api/auth/v1/learning-skill/12']));
    renderSection(false, [11]);
    expect(screen.getByLabelText('Skills of Social and emotional learning').textContent).toContain('Self-awareness · in use');
    fireEvent.click(screen.getByRole('button', { name: 'Adopt Social and emotional learning' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Added 1 skill: Self-management.'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/v1/teaching-class/5/framework');
    expect(JSON.parse(String(init.body))).toEqual({ framework: 'sel' });
  });

  it('says so when adopting again adds nothing', async () => {
    answer(200, adoption([]));
    renderSection(false, [11, 12]);
    expect(screen.getByText('This class already uses all of these skills.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adopt Social and emotional learning' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Nothing added: this class already uses every skill of Social and emotional learning.',
      ),
    );
  });

  it('is off in a finished class, saying why, and explains a 409 that arrives anyway', async () => {
    renderSection(true);
    const adopt = screen.getByRole('button', { name: 'Adopt Social and emotional learning' });
    expect((adopt as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(adopt.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('This class is finished: reopen it to adopt a framework.');
    cleanup();

    answer(409, { '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': 'This class is finished.' });
    renderSection(false);
    fireEvent.click(screen.getByRole('button', { name: 'Adopt Social and emotional learning' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('This class is finished: reopen it to adopt a framework.'));
  });
});
