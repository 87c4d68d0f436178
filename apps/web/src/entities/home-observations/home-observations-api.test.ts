import { describe, expect, it } from 'vitest';
import { mayWithdraw } from './home-observations-api';

const shared = (status: 'pending' | 'approved' | 'rejected', creatorId: number | null) => ({
  status,
  creator: creatorId === null ? null : { id: creatorId, firstName: 'Ana', lastName: 'Silva' },
});

/** DESIGN §11, issue 37: the button follows the server's rule `homeObservation.withdraw`. */
describe('mayWithdraw', () => {
  it('lets the author take back one waiting or not accepted', () => {
    expect(mayWithdraw(shared('pending', 4), 4)).toBe(true);
    expect(mayWithdraw(shared('rejected', 4), 4)).toBe(true);
  });

  it('not an approved one (a rating now), nor anyone else’s, nor before the user is known', () => {
    expect(mayWithdraw(shared('approved', 4), 4)).toBe(false);
    expect(mayWithdraw(shared('pending', 4), 5)).toBe(false);
    expect(mayWithdraw(shared('pending', null), 4)).toBe(false);
    expect(mayWithdraw(shared('pending', 4), undefined)).toBe(false);
  });
});
