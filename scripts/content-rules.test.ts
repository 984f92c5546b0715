import { DECK_HEADER, getLanguage, parseDeck } from '@vocab/core';
import { describe, expect, it } from 'vitest';
import { applyAllowList, contentRuleProblems, parseAllowList } from './content-rules.js';

/** The rules' problems in a deck of the given rows (word, translation, pos, hint, example, its English). */
function problemsIn(language: 'german' | 'spanish', rows: string[][]) {
  const cells = ([w, t, pos, hint, ex, en]: string[]) => [w, t, pos, pos === 'noun' ? 'der' : '', '', hint, ex, en];
  const text = [DECK_HEADER.join('\t'), ...rows.map((r) => cells(r).join('\t'))].join('\n');
  const { entries, problems } = parseDeck(text, getLanguage(language).articles);
  expect(problems).toEqual([]);
  return contentRuleProblems(language, text, entries).map((p) => `${p.rule} ${p.word} line ${p.line}`);
}

describe('separable-particle', () => {
  it("refuses a German verb whose sentence leaves another verb's particle at its clause's end", () => {
    expect(
      problemsIn('german', [
        ['locken', 'to lure', 'verb', '', 'Der Duft [lockt] die Bienen an.', 'The scent attracts the bees.'],
        ['starren', 'to stare', 'verb', '', 'Warum [starrst] du mich so an, Max?', 'Why are you staring at me, Max?'],
        ['kommen', 'to come', 'verb', '', 'Wann [kommst] du morgen zurück?', 'When are you coming back tomorrow?'],
      ]),
    ).toEqual([
      'separable-particle locken line 2',
      'separable-particle starren line 3',
      'separable-particle kommen line 4',
    ]);
  });

  it('passes the separable verb itself, a particle that is a preposition, and an adverb', () => {
    expect(
      problemsIn('german', [
        ['anrufen', 'to call', 'verb', '', 'Ich will dich morgen [anrufen].', 'I want to call you tomorrow.'],
        ['anstarren', 'to stare at', 'verb', '', 'Warum [starrst] du mich so an?', 'Why are you staring at me?'],
        ['denken', 'to think', 'verb', '', 'Ich [denke] oft an dich.', 'I often think of you.'],
        ['essen', 'to eat', 'verb', '', 'Wir [essen] heute zusammen.', 'We are eating together today.'],
        ['an', 'at', 'prep', '', 'Wo kommt der Zug [an]?', 'Where does the train arrive?'],
      ]),
    ).toEqual([]);
  });

  it('is a German rule only', () => {
    const ver = ['ver', 'to see', 'verb', '', 'Lo quiero [ver] de cerca.', 'I want to see it up close.'];
    expect(problemsIn('spanish', [ver])).toEqual([]);
  });
});

describe('shared-sentence', () => {
  it('refuses a sentence another entry already uses, whatever the bracketed word', () => {
    expect(
      problemsIn('german', [
        ['sein', 'to be', 'verb', '', 'Das [ist] sehr gut.', 'That is very good.'],
        ['sehr', 'very', 'adv', '', 'Das ist [sehr] gut.', 'That is really good.'],
        ['gut', 'good', 'adj', '', 'Das Essen ist [gut].', 'The food is good.'],
      ]),
    ).toEqual(['shared-sentence sehr line 3']);
  });
});

describe('shared-sentence-translation', () => {
  it('asks a hint of each entry whose sentence has the same English as another', () => {
    expect(
      problemsIn('german', [
        ['Kerl', 'guy; fellow', 'noun', '', 'Er ist ein guter [Kerl].', 'He is a good guy.'],
        ['Typ', 'guy; type', 'noun', 'guy; type, model', 'Er ist ein netter [Typ].', 'He is a good guy.'],
        ['Mann', 'man', 'noun', '', 'Der [Mann] ist nett.', 'The man is nice.'],
      ]),
    ).toEqual(['shared-sentence-translation Kerl line 2']);
  });

  it('refuses equal hints and passes different ones', () => {
    const rows = (a: string, b: string) => [
      ['nötig', 'necessary', 'adj', a, 'Das ist nicht [nötig].', 'That is not necessary.'],
      ['notwendig', 'necessary', 'adj', b, 'Das ist nicht [notwendig].', 'That is not necessary!'],
    ];
    expect(problemsIn('german', rows('needed', 'needed'))).toEqual([
      'shared-sentence-translation nötig line 2',
      'shared-sentence-translation notwendig line 3',
    ]);
    expect(problemsIn('german', rows('needed', 'necessary, formal'))).toEqual([]);
  });
});

describe('needless-hint', () => {
  it('refuses a hint on an entry that shares no translation of its part of speech and no sentence English', () => {
    expect(
      problemsIn('german', [
        ['Fehler', 'error; mistake', 'noun', 'everyday word', 'Das war ein [Fehler].', 'That was a mistake.'],
        ['dass', 'that', 'conj', 'joins clauses', 'Ich weiß, [dass] du kommst.', 'I know you are coming.'],
        ['jenes', 'that', 'pron', 'over there', 'Ich will [jenes] dort haben.', 'I want that one there.'],
      ]),
    ).toEqual(['needless-hint Fehler line 2', 'needless-hint dass line 3', 'needless-hint jenes line 4']);
  });

  it('passes the hints of a translation shared as the required hints compare it, and of sentence English', () => {
    expect(
      problemsIn('german', [
        ['sein', 'to be', 'verb', 'identity', 'Ich [bin] von hier.', 'I am from here.'],
        ['werden', 'Be; to become', 'verb', 'change', 'Er will Arzt [werden].', 'He wants to be a doctor.'],
        ['Meer', 'sea', 'noun', 'salt water', 'Ich wohne nahe am [Meer].', 'I live near the water.'],
        ['Wasser', 'water', 'noun', 'to drink', 'Ich wohne direkt am [Wasser].', 'I live near the water.'],
      ]),
    ).toEqual([]);
  });
});

describe('the allow-list', () => {
  const found = [
    { rule: 'shared-sentence' as const, word: 'esto', line: 3, message: '', language: 'spanish' },
    { rule: 'shared-sentence' as const, word: 'Wand', line: 9, message: '', language: 'german' },
  ];

  it('allows the violations it names and no others', () => {
    const { allowed, problems } = parseAllowList('# known\nshared-sentence spanish esto\n');
    expect(problems).toEqual([]);
    const result = applyAllowList(found, allowed, ['spanish', 'german']);
    expect(result.problems.map((p) => p.word)).toEqual(['Wand']);
    expect(result.allowedCount).toBe(1);
    expect(result.stale).toEqual([]);
  });

  it('refuses a line whose violation is gone, so the list only shrinks', () => {
    const { allowed } = parseAllowList('shared-sentence spanish esto\nshared-sentence french quelque chose\n');
    expect(applyAllowList(found, allowed, ['spanish', 'french']).stale).toEqual([
      { rule: 'shared-sentence', language: 'french', word: 'quelque chose', line: 2 },
    ]);
  });

  it('refuses a line that names no rule', () => {
    expect(parseAllowList('same-sentence spanish esto\n').problems).toEqual([expect.stringContaining('line 1')]);
  });
});
