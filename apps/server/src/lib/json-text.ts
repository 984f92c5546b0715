/**
 * JSON already written, typed by the value it encodes: a route returns it and `serve` sends the text as it is,
 * instead of serialising a value again (a deck's word list is kept as JSON in memory, learning/deck-cache.ts).
 * Whoever builds one answers for the text matching `T`: it is made only from values checked against their schemas.
 */
export class JsonText<T> {
  /** What the text encodes; for the type checker only. */
  declare readonly encodes: T;

  constructor(readonly text: string) {}
}
