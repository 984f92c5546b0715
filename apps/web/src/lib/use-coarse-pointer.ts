import { useSyncExternalStore } from 'react';

const QUERY = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isCoarse = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/** True on a touch screen (its primary pointer is a finger): no keyboard shortcuts to show there. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, isCoarse, () => false);
}
