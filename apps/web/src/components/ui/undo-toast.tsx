import toast from 'react-hot-toast';
import { buttonClass } from './button';

/** How long a save can be undone from its toast (DESIGN §7). */
export const UNDO_MS = 8000;

/**
 * A success toast with an "Undo" button, shown for 8 s. It is the success toast (one per kind, lib/toasts.tsx), so the
 * next save's toast takes its place.
 */
export function toastWithUndo(message: string, undoLabel: string, onUndo: () => void) {
  toast.success(
    (t) => (
      <span className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          className={buttonClass('secondary', 'min-h-9 px-3 py-1')}
          onClick={() => {
            toast.dismiss(t.id);
            onUndo();
          }}
        >
          {undoLabel}
        </button>
      </span>
    ),
    { duration: UNDO_MS },
  );
}
