/**
 * The sign-in page says "Your account has been deleted" after the logout redirect that ends a deleted account's
 * session: a page load in between, so the news waits in sessionStorage (this tab only, read once).
 */
const KEY = 'skillroom.accountDeleted';

export function markAccountDeleted() {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the sign-in page then simply shows no message.
  }
}

export function takeAccountDeleted(): boolean {
  try {
    const was = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return was;
  } catch {
    return false;
  }
}
