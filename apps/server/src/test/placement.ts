import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Prompt = { id: number; prompt: string; hint: string };
export type PlacementStep =
  | { done: false; words: Prompt[]; asked: number; maxPrompts: number; expectedPrompts: number }
  | { done: true; asked: number; maxPrompts: number };
export type PlacementAnswer = { wordId: number; typed: string | null };
type DeckWord = { _id: string; word: string; translations: string[]; rank: number };

/**
 * Takes the whole placement test as a learner who knows the deck's words up to `knows` (by rank), typing the first
 * translation (or the word, where English is shown), and "I don't know" for the rest.
 */
export async function takePlacementTest(
  app: FastifyInstance,
  cookie: string | undefined,
  knows: number,
  language = 'spanish',
): Promise<{ answers: PlacementAnswer[]; steps: PlacementStep[] }> {
  const headers = cookie ? { cookie } : {};
  const send = (url: string, payload?: object) =>
    app.inject({ method: payload ? 'POST' : 'GET', url, payload, headers });
  const deck = new Map((await send(`/api/${language}`)).json<DeckWord[]>().map((w) => [Number(w._id), w]));
  const answers: PlacementAnswer[] = [];
  const steps: PlacementStep[] = [];
  for (;;) {
    const res = await send(`/api/${language}/placement/next`, { answers });
    expect(res.statusCode, res.body).toBe(200);
    const step = res.json<PlacementStep>();
    steps.push(step);
    if (step.done) return { answers, steps };
    for (const { id, prompt } of step.words) {
      const word = deck.get(id);
      if (!word) throw new Error(`asked ${id}, not a deck word`);
      // Spanish shows the Spanish word and takes English; the other languages the other way round.
      const recognise = language === 'spanish';
      expect(prompt).toContain(recognise ? word.word : word.translations[0]);
      const typed = recognise ? (word.translations[0] ?? '') : word.word;
      answers.push({ wordId: id, typed: word.rank > knows ? null : typed });
    }
  }
}
