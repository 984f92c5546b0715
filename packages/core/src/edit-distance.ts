/**
 * Damerau–Levenshtein distance in its "optimal string alignment" form: insertions, deletions, substitutions and
 * transpositions of two adjacent characters each cost 1 (a transposed pair is not edited again, which is all
 * a typo check needs).
 *
 * Written by hand because it is twenty lines and we need an early exit: the checker only asks "is it at most 1?",
 * so rows stop as soon as every cell exceeds `max`. The small npm packages either implement plain Levenshtein,
 * have no bound, or are unmaintained; a dependency for this would cost more than it saves.
 *
 * Works on code points (not UTF-16 units), so a character outside the BMP counts once.
 * Returns the distance, or `max + 1` as soon as it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  if (s.length === 0 || t.length === 0) return Math.max(s.length, t.length);

  // Three rolling rows: the transposition step looks two rows back.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1, // deletion
        (current[j - 1] ?? 0) + 1, // insertion
        (previous[j - 1] ?? 0) + cost, // substitution
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1); // adjacent transposition
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  const distance = previous[t.length] ?? 0;
  return distance > max ? max + 1 : distance;
}
