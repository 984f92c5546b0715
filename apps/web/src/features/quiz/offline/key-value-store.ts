import { clear, createStore, del, entries, get, set } from 'idb-keyval';

/** A small persistent map: what the offline queue and the day's words keep between visits. */
export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  entries(): Promise<Array<[string, T]>>;
  clear(): Promise<void>;
}

/**
 * IndexedDB through idb-keyval, one database per store (idb-keyval opens each database with a single object store).
 * Where the browser has no IndexedDB (some private modes, and jsdom) the store lives in memory: the page still
 * works, and only a reload loses what it held.
 */
export function keyValueStore<T>(database: string): KeyValueStore<T> {
  if (typeof indexedDB === 'undefined') return memoryStore<T>();
  const store = createStore(database, 'entries');
  return {
    get: (key) => get<T>(key, store),
    set: (key, value) => set(key, value, store),
    delete: (key) => del(key, store),
    entries: () => entries<string, T>(store),
    clear: () => clear(store),
  };
}

export function memoryStore<T>(): KeyValueStore<T> {
  const map = new Map<string, T>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    delete: async (key) => void map.delete(key),
    entries: async () => [...map.entries()],
    clear: async () => map.clear(),
  };
}
