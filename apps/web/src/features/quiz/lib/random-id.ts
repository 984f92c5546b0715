/**
 * A random id for an answer or a quiz session (the API accepts 8–64 of [A-Za-z0-9_-]). getRandomValues rather
 * than randomUUID: the latter exists only in secure contexts, and the app may be served over plain http.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
