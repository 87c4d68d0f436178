import { useCallback, useEffect, useRef, useState } from 'react';
import toast, { type Toast } from 'react-hot-toast';
import { buttonClass } from './button';

/** How long a save can be undone from its toast (DESIGN §7), counted while nobody hovers or focuses it. */
export const UNDO_MS = 8000;

/** Its own id: the next undoable save takes its place, and other toasts (the "undone" one) never inherit its timing. */
const UNDO_TOAST_ID = 'undo';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
/** The keys that undo, as the reader's keyboard names them. */
export const undoKeys = () => (isMac() ? '⌘Z' : 'Ctrl+Z');

/** A key press typed into a field is the field's own undo. */
const inField = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'checkbox'));

interface Options {
  message: string;
  undoLabel: string;
  /** Said to screen readers with the message ("Press Ctrl+Z to undo."): Undo is reachable at once, from anywhere. */
  shortcutHint: string;
  onUndo: () => void;
}

/**
 * The toast's body (issue 36 §8): Undo by its button or by Ctrl+Z / ⌘Z outside a text field; it stays while hovered
 * or focused, and when it goes (timed out or undone) with focus inside it, focus returns to where it came from, or
 * to the page's main content, never to the top of the page.
 */
function UndoBody({ t, message, undoLabel, shortcutHint, onUndo }: Options & { t: Toast }) {
  const box = useRef<HTMLSpanElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const [held, setHeld] = useState({ hover: false, focus: false });

  const close = useCallback(() => {
    const hadFocus = box.current?.contains(document.activeElement) ?? false;
    toast.dismiss(t.id);
    if (!hadFocus) return;
    const back = cameFrom.current?.isConnected ? cameFrom.current : document.getElementById('main');
    back?.focus({ preventScroll: false });
  }, [t.id]);
  const undo = useCallback(() => {
    close();
    onUndo();
  }, [close, onUndo]);

  useEffect(() => {
    if (held.hover || held.focus) return;
    const timer = setTimeout(close, UNDO_MS);
    return () => clearTimeout(timer);
  }, [held, close]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'z' || inField(e.target)) return;
      e.preventDefault();
      undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo]);

  return (
    <span
      ref={box}
      className="flex flex-wrap items-center gap-3"
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) cameFrom.current = e.relatedTarget as HTMLElement | null;
        setHeld((h) => ({ ...h, focus: true }));
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <span>{message}</span>
      <span className="sr-only">{shortcutHint}</span>
      <button type="button" className={buttonClass('secondary', 'min-h-9 px-3 py-1')} aria-keyshortcuts="Control+Z Meta+Z" onClick={undo}>
        {undoLabel}
      </button>
    </span>
  );
}

/** A success toast with an "Undo" button (DESIGN §7); the next undoable save's toast takes its place. */
export function toastWithUndo(o: Options) {
  toast.success((t) => <UndoBody t={t} {...o} />, { id: UNDO_TOAST_ID, duration: Infinity });
}
