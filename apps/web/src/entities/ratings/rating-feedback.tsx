import { RATING_COMMENT_MAX } from '@skillroom/contract/rules';
import type { RatingReactionSummary } from '@skillroom/contract/types';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../components/ui/spinner';
import { api, ApiError } from '../../lib/api-client';
import type { CommentWrite } from './comment-thread';
import { commentsKey, refreshReactions, setHeart } from './reactions-api';

// The thread's code (list, form, its texts' use) loads when a thread is first opened (first-load budgets).
const CommentThread = lazy(() => import('./comment-thread'));

/** The thread's writes: a 400 (its violations) and a 403 (the server's words: comments off) go to the thread as they came. */
const write: CommentWrite = async (path, method, body) => {
  try {
    await api(path, { method, body });
  } catch (e) {
    if (e instanceof ApiError && (e.status === 400 || e.status === 403)) throw e;
    throw new Error('');
  } finally {
    await refreshReactions();
  }
};

const pill =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed';

/**
 * A rating's hearts and comments on its feed card (DESIGN §11): a heart the reader gives or takes back (aria-pressed),
 * and "Comments (n)" opening the thread below, inline.
 */
const REACTED = 'border-amber-300 bg-amber-50 text-amber-900';
const NOT_REACTED = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100';

export function RatingFeedback({ ratingId, summary }: { ratingId: number; summary: RatingReactionSummary }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const thread = useId();
  const toggleHeart = async () => {
    setBusy(true);
    try {
      await setHeart(ratingId, !summary.reacted);
    } finally {
      setBusy(false);
    }
  };
  const showComments = summary.comments > 0 || summary.canComment;
  if (!summary.canReact && summary.hearts === 0 && !showComments) return null;
  return (
    <div className="space-y-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={`${pill} ${summary.reacted ? REACTED : NOT_REACTED}`}
          aria-pressed={summary.reacted}
          disabled={!summary.canReact || busy}
          onClick={() => void toggleHeart()}
        >
          <span aria-hidden="true">{summary.reacted ? '♥' : '♡'}</span>
          {intl.formatMessage({ id: 'web_comments_heart' }, { count: summary.hearts })}
        </button>
        {showComments && (
          <button
            type="button"
            className={`${pill} border-slate-300 bg-white text-slate-700 hover:bg-slate-100`}
            aria-expanded={open}
            aria-controls={open ? thread : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {intl.formatMessage({ id: 'web_comments_toggle' }, { count: summary.comments })}
          </button>
        )}
      </div>
      {open && (
        <div id={thread}>
          <Suspense fallback={<Spinner small />}>
            <CommentThread
              ratingId={ratingId}
              canComment={summary.canComment}
              listKey={commentsKey(ratingId)}
              write={write}
              max={RATING_COMMENT_MAX}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
