import type { ReactNode } from 'react';

interface Props {
  /** A heading for a state worth explaining (a new user's first visit); none for a one-line note. */
  title?: ReactNode;
  children: ReactNode;
  /** What to do next: a link or a button. */
  action?: ReactNode;
}

/** What a list shows when it has nothing: a note, or a title, a hint and the next step. */
export function EmptyState({ title, children, action }: Props) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className={`mx-auto max-w-md text-slate-700 ${title ? 'mt-2' : ''}`}>{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
