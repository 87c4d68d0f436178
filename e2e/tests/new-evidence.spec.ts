import { expect, test } from './hydrated-test';
import { parentOfAna } from './family-helpers';
import { screenReady } from './fixtures';
import { expectNoSideScroll } from './rating-helpers';

/** DESIGN §11: a new rating of a family's child reaches them in the bell and marks the child on their dashboard until seen. */
test.describe('new evidence for families', () => {
  test('a rating after the link shows on the bell and as "1 new rating" on the child; opening the child clears it', async ({ browser }) => {
    test.setTimeout(90_000);
    const teacher = await (await browser.newContext()).newPage();
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const parent = await context.newPage();
    const problems: string[] = [];
    parent.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const { placeId, rateAna } = await parentOfAna(teacher, parent);

    await parent.goto('/web/');
    await screenReady(parent);
    await expect(parent.getByTestId('new-evidence')).toHaveCount(0);
    await rateAna(5);
    await parent.reload();
    await screenReady(parent);
    const child = parent.getByRole('link', { name: /Ana Lima/ });
    await expect(child.getByTestId('new-evidence')).toHaveText('1 new rating');
    await expectNoSideScroll(parent);
    // The bell names the child, and opens their page.
    await parent.getByRole('button', { name: /Notifications/ }).click();
    const notice = parent.getByRole('button', { name: /New rating of Ana Lima/ });
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(parent).toHaveURL(new RegExp(`/web/student/${placeId}$`));
    await screenReady(parent);
    await parent.goto('/web/');
    await screenReady(parent);
    await expect(parent.getByRole('link', { name: /Ana Lima/ })).toBeVisible();
    await expect(parent.getByTestId('new-evidence')).toHaveCount(0);

    // Two more, and the child opened from the dashboard (not the bell): both are seen.
    await rateAna(3);
    await rateAna(4);
    await parent.reload();
    await screenReady(parent);
    await expect(parent.getByTestId('new-evidence')).toHaveText('2 new ratings');
    await parent.getByRole('link', { name: /Ana Lima/ }).click();
    await screenReady(parent);
    // Seen: of the bell's unread, only the link's own notice is left.
    await expect(parent.getByRole('button', { name: 'Notifications, 1 unread', exact: true })).toBeVisible();
    await parent.goto('/web/');
    await screenReady(parent);
    await expect(parent.getByRole('link', { name: /Ana Lima/ })).toBeVisible();
    await expect(parent.getByTestId('new-evidence')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
