import { useEffect, useRef } from 'react';

type Listener = (notificationType: number) => void;
const listeners = new Set<Listener>();

/**
 * A notification arrived live (event stream or push): the screens that show what it is about are told its type, so a
 * screen whose SWR keys the general refresh cannot reach (infinite lists) reads itself again.
 */
export function announceNotification(notificationType: number) {
  for (const l of listeners) l(notificationType);
}

/** Calls `onArrive` whenever a notification of one of `types` arrives live while the calling screen is mounted. */
export function useLiveNotification(types: readonly number[], onArrive: () => void) {
  const latest = useRef(onArrive);
  useEffect(() => {
    latest.current = onArrive;
  }, [onArrive]);
  useEffect(() => {
    const l: Listener = (t) => {
      if (types.includes(t)) latest.current();
    };
    listeners.add(l);
    return () => void listeners.delete(l);
  }, [types]);
}
