import type { User } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { redirectFor } from './entry-server';

// Only the fields redirectFor reads are set: a signed-in reader is any user at all.
const user = { id: 1 } as User;

describe('redirectFor: where the server sends a page before drawing it', () => {
  it('sends the signed-out to sign in from a screen that needs it, keeping where they were going', () => {
    expect(redirectFor('/teaching-class/3', '?tab=x', null)).toBe('/web/sign-in/?next=%2Fteaching-class%2F3%3Ftab%3Dx');
    expect(redirectFor('/sign-up', '', null)).toBeNull();
  });

  it('sends the signed-in on from sign-in and sign-up, only to a page of the app', () => {
    expect(redirectFor('/sign-in/', '?next=%2Fnotifications', user)).toBe('/web/notifications');
    expect(redirectFor('/sign-up', '?next=https%3A%2F%2Fevil.example', user)).toBe('/web/');
  });

  it('lands an old link to the rating action screen on the one editor', () => {
    expect(redirectFor('/teaching-class/3/rating/9/edit/action', '', user)).toBe('/web/teaching-class/3/rating/9/edit');
    expect(redirectFor('/teaching-class/3/rating/9/edit', '', user)).toBeNull();
  });
});
