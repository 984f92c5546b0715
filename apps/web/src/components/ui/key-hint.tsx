import { useCoarsePointer } from '@/lib/use-coarse-pointer';

/** A button's keyboard shortcut, shown on it for keyboards only: a touch screen has no Esc key. */
export function KeyHint({ keys }: { keys: string }) {
  const touch = useCoarsePointer();
  return touch ? null : <kbd>{keys}</kbd>;
}
