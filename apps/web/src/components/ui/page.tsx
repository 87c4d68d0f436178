import { useId, type ReactNode } from 'react';

/** A screen's frame: one h1, optional actions, then the content. */
export function Page({ title, actions, children, narrow = false }: { title: ReactNode; actions?: ReactNode; children: ReactNode; narrow?: boolean }) {
  return (
    <div className={`mx-auto w-full ${narrow ? 'max-w-xl' : 'max-w-6xl'} px-4 py-6 sm:px-6`}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold wrap-anywhere text-slate-900">{title}</h1>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>{children}</div>;
}

/** A card holding one titled part of a screen (a heading the section is named by). */
export function CardSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card>
      <section aria-labelledby={id} className="space-y-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
