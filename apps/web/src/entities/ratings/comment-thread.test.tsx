// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { V } from '@skillroom/contract/messages';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import CommentThread, { type CommentWrite } from './comment-thread';

const HOSTILE = '<b>bold</b><img src=x onerror="window.hacked=1"> & done';
const comment = (id: number, text: string, created: string) => ({
  id,
  text,
  created,
  isHidden: false,
  canDelete: true,
  canHide: false,
  byTeacher: false,
  author: { firstName: 'Ana', lastName: 'López' },
});
const list = {
  'hydra:member': [comment(1, HOSTILE, '2026-10-05T08:07:00'), comment(2, 'Thank you', '2026-11-28T17:45:00')],
};

beforeAll(() => {
  // jsdom has <dialog> without its modal methods: enough of them for the dialog's open and close.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

// Message ids stand in for texts (the translations have their own test); `{name}` is kept to see it filled.
const show = (write: CommentWrite = vi.fn(async () => undefined)) => {
  render(
    <IntlProvider locale="en" messages={{ web_comments_delete_body: 'Delete {name}?' }} onError={() => undefined}>
      <SWRConfig value={{ provider: () => new Map(), fetcher: async () => list, dedupingInterval: 0 }}>
        <CommentThread ratingId={7} canComment listKey="/rating-comments?rating.id=7" write={write} max={2000} />
      </SWRConfig>
    </IntlProvider>,
  );
  return write;
};

describe('comment thread (DESIGN §11)', () => {
  afterEach(cleanup);

  it('shows HTML in a comment as its text, never as markup', async () => {
    show();
    expect(await screen.findByText(HOSTILE)).toBeTruthy();
    expect(document.querySelector('li b, li img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows each time as dd/MM/yyyy HH:mm, as the app’s other lists do', async () => {
    show();
    await screen.findByText('Thank you');
    expect([...document.querySelectorAll('time')].map((t) => t.textContent)).toEqual(['05/10/2026 08:07', '28/11/2026 17:45']);
  });

  it('deleting asks first: cancel deletes nothing and gives focus back; confirming deletes that comment', async () => {
    const write = show();
    await screen.findByText('Thank you');
    const [first] = screen.getAllByRole('button', { name: 'web_comments_delete_label' });
    first!.focus();
    fireEvent.click(first!);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('Delete Ana López?');
    fireEvent.click(screen.getByRole('button', { name: 'web_confirm_cancel' }));
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(write).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(first);

    fireEvent.click(first!);
    // Escape is the dialog's cancel: closed, nothing deleted.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(write).not.toHaveBeenCalled();

    fireEvent.click(first!);
    fireEvent.click(screen.getByRole('button', { name: 'web_comments_delete' }));
    await waitFor(() => expect(write).toHaveBeenCalledWith('/rating-comment/1', 'DELETE'));
    await waitFor(() => expect(dialog.open).toBe(false));
  });

  it('sends on Enter, never a blank comment; a violation of the text shows beside the box, a refusal above it', async () => {
    const write = vi
      .fn<CommentWrite>()
      .mockRejectedValueOnce(new ApiError(400, 'Invalid', [{ propertyPath: 'text', message: V.blank }]))
      .mockRejectedValueOnce(new ApiError(403, 'Comments are turned off for this class.'))
      .mockResolvedValue(undefined);
    show(write);
    const box = await screen.findByRole('textbox', { name: 'web_comments_add_label' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(write).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'Well done' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('web_violation_blank');
    expect(write).toHaveBeenCalledWith('/rating-comment', 'POST', { rating: '/api/auth/v1/rating/7', text: 'Well done' });
    fireEvent.click(screen.getByRole('button', { name: 'web_comments_send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Comments are turned off for this class.'));
    fireEvent.click(screen.getByRole('button', { name: 'web_comments_send' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(write).toHaveBeenCalledTimes(3);
  });
});
