import type { PlacementAnswer as AnswerBody, PlacementRecord, PlacementResult, PlacementStep } from '@vocab/api';
import {
  type Direction,
  type Language,
  type LanguageCode,
  type Lexicon,
  type LexiconEntry,
  PLACEMENT_MAX_PROMPTS,
  type PlacementAnswer,
  answerKey,
  cardPrompt,
  checkAnswer,
  getLanguage,
  nextPlacementStep,
  pickPlacementWords,
  placedCardState,
  placedIntervalDays,
  placementKnownWords,
  primaryDirection,
  splitTranslations,
} from '@vocab/core';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Learner, LearnerClaim } from '../../lib/learner.js';
import type { Cards } from '../cards/cards.js';
import type { Deck, DeckCache } from '../learning/deck-cache.js';
import type { PlacementRepository } from './placement.repository.js';

type DeckWord = LexiconEntry & { id: number; rank: number };

/** A language's deck as the test needs it: by rank, by id, and the checker's lexicon. */
interface PlacementDeck {
  language: Language;
  direction: Direction;
  words: DeckWord[];
  byId: Map<number, DeckWord>;
  lexicon: Lexicon;
}

const unfinished = () =>
  badRequest('placement_unfinished', 'The placement test is not over yet: answer the words it asks first.');

/**
 * The placement test (docs/decisions/0012-placement-test.md). Stateless: every call brings all the answers so far,
 * which the server judges itself with the quiz's checker, so a result can only come from words typed right.
 * The test asks each language's own card (Spanish shown, English typed; the others the other way round).
 */
export class PlacementService {
  /** The test's view of each deck the cache holds: a reloaded deck is a new Deck, and gets a new view. */
  private readonly views = new WeakMap<Deck, PlacementDeck>();
  private readonly repo: PlacementRepository;
  private readonly decks: DeckCache;
  private readonly cards: Cards;
  private readonly clock: Clock;

  constructor(deps: { repo: PlacementRepository; decks: DeckCache; cards: Cards; clock: Clock }) {
    ({ repo: this.repo, decks: this.decks, cards: this.cards, clock: this.clock } = deps);
  }

  /** The next words to ask after `answers`, or that the test is over. */
  async next(language: LanguageCode, answers: readonly AnswerBody[]): Promise<PlacementStep> {
    const deck = await this.deck(language);
    const maxPrompts = Math.min(PLACEMENT_MAX_PROMPTS, deck.words.length);
    const step = nextPlacementStep(this.judge(deck, answers), deck.words.length);
    if (step.done) return { done: true, asked: answers.length, maxPrompts };
    const words = pickPlacementWords(deck.words, {
      target: step.target,
      count: step.count,
      asked: new Set(answers.map((a) => a.wordId)),
    });
    return {
      done: false,
      words: words.map((w) => {
        const { text, hint } = cardPrompt(w, deck.language, deck.direction);
        return { id: w.id, prompt: text, hint };
      }),
      asked: answers.length,
      maxPrompts,
      expectedPrompts: step.expected,
    };
  }

  /**
   * Ends a test: the level from the server's own verdicts, and cards marked known for the words below it that the
   * learner has no card for yet (a redo only adds). Replaces the learner's previous result in the language.
   */
  async finish(claim: LearnerClaim, language: LanguageCode, answers: readonly AnswerBody[]): Promise<PlacementResult> {
    const deck = await this.deck(language);
    const judged = this.judge(deck, answers);
    const step = nextPlacementStep(judged, deck.words.length);
    if (!step.done) throw unfinished();
    const { level } = step.estimate;
    const answered = new Map(answers.map((a, i) => [a.wordId, judged[i]?.known ?? false]));
    const now = this.clock();
    const known = placementKnownWords(deck.words, level, answered).map((w) => ({
      wordId: w.id,
      card: placedCardState(now, placedIntervalDays(w.rank, level)),
    }));
    const result = { level, deck_size: deck.words.length, taken_at: now };
    const marked = await this.cards.run(claim, async ({ cards, learner, trx }) => {
      const added = await cards.addKnown({ learnerId: learner.id, language, direction: deck.direction }, known, now);
      await this.repo.saveResult(trx, { learnerId: learner.id, language, result: { ...result, marked: added } });
      return added;
    });
    return { level, deckSize: deck.words.length, marked, takenAt: now };
  }

  async latest(learner: Learner | null, language: LanguageCode): Promise<PlacementRecord> {
    const row = learner ? await this.repo.latest(learner.id, language) : undefined;
    return {
      result: row ? { level: row.level, deckSize: row.deck_size, marked: row.marked, takenAt: row.taken_at } : null,
    };
  }

  /** The server's verdict on each answer, by the quiz's checker: a forgiven typo or accent counts as known. */
  private judge(deck: PlacementDeck, answers: readonly AnswerBody[]): PlacementAnswer[] {
    return answers.map((a) => {
      const word = deck.byId.get(a.wordId);
      if (!word) throw badRequest('unknown_word', `Word ${a.wordId} is not a word of the ${deck.language.name} deck.`);
      const typed = a.typed?.trim() ?? '';
      if (typed === '') return { rank: word.rank, known: false };
      const result = checkAnswer(typed, answerKey(word, deck.language, deck.direction), {
        otherAnswers: deck.lexicon.otherAnswers,
        entryOf: deck.lexicon.entryOf,
      });
      return { rank: word.rank, known: result.verdict !== 'wrong' || result.alsoRight === true };
    });
  }

  /** The language's deck as the app's deck cache has it now (docs/decisions/0001: one cache follows a reload). */
  private async deck(code: LanguageCode): Promise<PlacementDeck> {
    const deck = await this.decks.deck(code);
    let view = this.views.get(deck);
    if (!view) {
      const words = deck.rows.map((r) => ({
        id: r.id,
        rank: r.rank,
        word: r.word,
        article: r.article,
        translations: splitTranslations(r.translation),
        hint: r.hint,
      }));
      view = {
        language: getLanguage(code),
        direction: primaryDirection(code),
        words,
        byId: new Map(words.map((w) => [w.id, w])),
        lexicon: deck.lexicon(),
      };
      this.views.set(deck, view);
    }
    return view;
  }
}
