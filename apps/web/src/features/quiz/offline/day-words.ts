import type { Word } from '@vocab/api';
import { BATCH_SIZE, type Direction, type LanguageCode } from '@vocab/core';
import { ApiError } from '@/lib/api-client';
import { getLanguageWords } from '../api/get-language-words';
import { getLanguageReview } from '../api/get-language-review';
import { type KeyValueStore, keyValueStore } from './key-value-store';

/** Batches of new words kept when a quiz loads online, so that this many can be started offline afterwards. */
export const PREFETCHED_BATCHES = 3;

interface KeptList {
  words: Word[];
  savedAt: number;
}

interface AnsweredToday {
  day: string;
  ids: string[];
}

/**
 * The words a language's quiz and review can start from offline (docs/decisions/0011-offline-practice.md). Online,
 * the quiz asks for PREFETCHED_BATCHES batches at once, keeps them and shows the first; the review keeps its due
 * list. Offline, a quiz or review starts from what was kept, less the words answered since (their answers may still
 * be in the queue): the server would leave most of them out too.
 */
export class DayWords {
  constructor(
    private readonly lists: KeyValueStore<KeptList> = keyValueStore<KeptList>('vocab-day-words'),
    private readonly answered: KeyValueStore<AnsweredToday> = keyValueStore<AnsweredToday>('vocab-answered-today'),
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The next batch of new words: from the server, or offline from the words kept. `keep` picks the words a quiz can
   * ask (the "in context" quiz: those with a sentence) from the words kept, before the batch is cut.
   */
  batch(language: LanguageCode, direction: Direction, keep: (word: Word) => boolean = () => true): Promise<Word[]> {
    const fetch = () => getLanguageWords(language, direction, BATCH_SIZE * PREFETCHED_BATCHES);
    return this.read(`learn:${language}:${direction}`, { language, direction }, fetch).then((words) =>
      words.filter(keep).slice(0, BATCH_SIZE),
    );
  }

  /** The words due: from the server, or offline as they were last read. */
  review(language: LanguageCode, direction: Direction): Promise<Word[]> {
    return this.read(`review:${language}:${direction}`, { language, direction }, () =>
      getLanguageReview(language, direction),
    );
  }

  /** Notes a word answered, so that an offline batch leaves it out. */
  async markAnswered(language: LanguageCode, direction: Direction, wordId: string): Promise<void> {
    const key = `${language}:${direction}`;
    const today = await this.answeredToday(key);
    await this.answered.set(key, { day: this.today(), ids: [...today, wordId] }).catch(() => undefined);
  }

  /** Forgets every kept list, when the learner changes: the next one must not practise another's words. */
  async forget(): Promise<void> {
    await Promise.all([this.lists.clear(), this.answered.clear()]).catch(() => undefined);
  }

  private async read(
    key: string,
    { language, direction }: { language: LanguageCode; direction: Direction },
    fetch: () => Promise<Word[]>,
  ): Promise<Word[]> {
    try {
      const words = await fetch();
      await this.lists.set(key, { words, savedAt: this.clock() }).catch(() => undefined);
      return words;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) throw err;
      const kept = await this.lists.get(key).catch(() => undefined);
      if (!kept) throw err;
      const answered = new Set(await this.answeredToday(`${language}:${direction}`));
      return kept.words.filter((w) => !answered.has(w._id));
    }
  }

  private async answeredToday(key: string): Promise<string[]> {
    const entry = await this.answered.get(key).catch(() => undefined);
    return entry?.day === this.today() ? entry.ids : [];
  }

  /** The learner's calendar day: a new day starts from the words as kept, as the server would start afresh. */
  private today(): string {
    const d = new Date(this.clock());
    return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
  }
}
