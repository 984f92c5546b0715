/**
 * What of the keys typed during the pause after a verdict belongs to the next word. A quiz that accepts an answer
 * as it is typed may take "no" while the learner is typing "not": the keys that still complete the word just judged
 * into one of its accepted forms are left out, and so are the spaces between the two answers.
 */
export function typedForNext(
  typed: string,
  { judged, forms, locale }: { judged: string; forms: readonly string[]; locale: string },
): string {
  const lower = (text: string) => text.toLocaleLowerCase(locale);
  const accepted = forms.map(lower);
  for (let n = typed.length; n > 0; n--) {
    const whole = lower(judged + typed.slice(0, n));
    if (accepted.some((form) => form.startsWith(whole))) return typed.slice(n).trimStart();
  }
  return typed.trimStart();
}
