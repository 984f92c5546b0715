import { describe, expect, it } from 'vitest';
import { checkAnswer, normalizeAnswer, otherAnswerSet } from './answer-checker.js';
import type { AnswerKey } from './answer-checker.js';
import { mindTheMark } from './verdict.js';
import { getLanguage } from './languages.js';
import type { LanguageCode } from './languages.js';
import { answerKey } from './word-card.js';

/** A deck word of `language` (prompted in English, typed in the language). */
function word(language: LanguageCode, accepted: string | string[], article: string | null = null): AnswerKey {
  // The key as the quiz and the server build it (word-card.ts), with every alternative accepted.
  const key = answerKey(
    { word: '', article: article ?? '', translations: [], hint: '' },
    getLanguage(language),
    'recall',
  );
  return { ...key, accepted: Array.isArray(accepted) ? accepted : [accepted] };
}

/** English translations (prompted in the language, typed in English). */
function english(...accepted: string[]): AnswerKey {
  return { accepted, locale: 'en' };
}

/** The verdict on a right answer but for an accent (or other mark) of the given kind. */
const accentSlip = (expected: string, diacritic: string) => ({
  verdict: 'almost',
  expected,
  reason: 'accent',
  diacritic,
});
/** The verdict on a typo in a word long enough to forgive one; `misspelt` is the slip's span in `expected`. */
const typo = (expected: string, misspelt?: [number, number]) => ({
  verdict: 'almost',
  expected,
  reason: 'typo',
  ...(misspelt && { misspelt }),
});

describe('normalizeAnswer', () => {
  const normalized = (locale: string, typed: string[]) => typed.map((t) => normalizeAnswer(t, locale));

  it('trims and collapses white space of any kind', () => {
    expect(normalized('es-ES', ['  la   casa \t', 'la\u00A0casa'])).toEqual(['la casa', 'la casa']);
  });

  it('lower-cases for the locale', () => {
    expect(normalized('de-DE', ['Haus', 'STRASSE'])).toEqual(['haus', 'strasse']);
    // Turkish dotted capital I lower-cases to a plain i only in Turkish.
    expect(normalizeAnswer('İ', 'tr')).toBe('i');
  });

  it('composes to NFC, so a decomposed accent equals a precomposed one', () => {
    expect(normalizeAnswer('nin\u0303o', 'es-ES')).toBe('niño');
  });

  it('drops trailing punctuation and Spanish opening marks', () => {
    expect(normalized('es-ES', ['casa.', 'hola!!', '¿qué?', '¡hola! '])).toEqual(['casa', 'hola', 'qué', 'hola']);
    expect(normalizeAnswer('wait...', 'en')).toBe('wait');
  });

  it('straightens typographic apostrophes', () => {
    expect(normalizeAnswer('l’homme', 'fr-FR')).toBe("l'homme");
  });
});

describe('checkAnswer: exact answers', () => {
  it('accepts the answer regardless of case, spacing and trailing punctuation', () => {
    const key = word('spanish', 'casa', 'la');
    for (const typed of ['casa', 'CASA', ' casa ', 'casa.', 'Casa!']) {
      expect(checkAnswer(typed, key)).toEqual({ verdict: 'correct', expected: 'la casa' });
    }
  });

  it('accepts any accepted alternative and shows the one matched', () => {
    const key = english('house', 'home');
    expect(checkAnswer('home', key)).toEqual({ verdict: 'correct', expected: 'home' });
    expect(checkAnswer('house', key)).toEqual({ verdict: 'correct', expected: 'house' });
  });

  it('rejects an empty or blank answer', () => {
    expect(checkAnswer('', word('spanish', 'casa', 'la'))).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(checkAnswer('  . ', word('spanish', 'casa', 'la')).verdict).toBe('wrong');
  });

  it('shows the first alternative for a wrong answer', () => {
    expect(checkAnswer('cat', english('house', 'home'))).toEqual({ verdict: 'wrong', expected: 'house' });
  });

  it('accepts a German noun typed in lower case and shows it capitalised', () => {
    expect(checkAnswer('das haus', word('german', 'Haus', 'das'))).toEqual({
      verdict: 'correct',
      expected: 'das Haus',
    });
  });

  it('handles words without article in a language with articles', () => {
    const key = word('spanish', 'hablar');
    expect(checkAnswer('hablar', key)).toEqual({ verdict: 'correct', expected: 'hablar' });
    // Articles only precede nouns.
    expect(checkAnswer('la hablar', key).verdict).toBe('wrong');
  });

  it('accepts multi-word answers with any spacing', () => {
    expect(checkAnswer('sin  embargo', word('spanish', 'sin embargo')).verdict).toBe('correct');
  });
});

describe('checkAnswer: articles of the language', () => {
  it('makes the right article optional', () => {
    const key = word('spanish', 'casa', 'la');
    expect(checkAnswer('la casa', key)).toEqual({ verdict: 'correct', expected: 'la casa' });
    expect(checkAnswer('casa', key)).toEqual({ verdict: 'correct', expected: 'la casa' });
    expect(checkAnswer('La  Casa', key).verdict).toBe('correct');
  });

  it('rejects another article: the gender is part of the word', () => {
    expect(checkAnswer('el casa', word('spanish', 'casa', 'la'))).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(checkAnswer('le maison', word('french', 'maison', 'la')).verdict).toBe('wrong');
  });

  it('accepts "l\'homme", "l\' homme", "l’homme" and "homme" for le/homme', () => {
    const key = word('french', 'homme', 'le');
    for (const typed of ["l'homme", "l' homme", 'l’homme', 'homme', "L'Homme"]) {
      expect(checkAnswer(typed, key)).toEqual({ verdict: 'correct', expected: "l'homme" });
    }
  });

  it('takes a missed or needless elision as a typo, not a wrong gender', () => {
    expect(checkAnswer('le homme', word('french', 'homme', 'le'))).toEqual(typo("l'homme"));
    expect(checkAnswer("l'hausse", word('french', 'hausse', 'la'))).toEqual(typo('la hausse'));
    expect(checkAnswer('la homme', word('french', 'homme', 'le')).verdict).toBe('wrong');
  });

  it('elides Italian articles as French ones', () => {
    const key = word('italian', 'uomo', 'il');
    expect(checkAnswer("l'uomo", key)).toEqual({ verdict: 'correct', expected: "l'uomo" });
    expect(checkAnswer('uomo', key).verdict).toBe('correct');
    expect(checkAnswer('lo studente', word('italian', 'studente', 'lo')).verdict).toBe('correct');
  });

  it('reads "les" as one article, not "le" + "s"', () => {
    expect(checkAnswer('les gens', word('french', 'gens', 'les')).verdict).toBe('correct');
  });

  it('accepts the deck article even when the language list lacks it', () => {
    const key: AnswerKey = { accepted: ['casa'], article: 'la', locale: 'es-ES' };
    expect(checkAnswer('la casa', key).verdict).toBe('correct');
  });

  it('accepts a noun whose own spelling starts like an article', () => {
    // Portuguese "a" is an article; "a fim" here stands for any entry that begins with it.
    expect(checkAnswer('a fim', word('portuguese', 'a fim', 'o')).verdict).toBe('correct');
  });

  it('forgives an accent or typo in the noun when the article is right', () => {
    expect(checkAnswer('el nino', word('spanish', 'niño', 'el'))).toEqual(accentSlip('el niño', 'tilde'));
    expect(checkAnswer('la ciudda', word('spanish', 'ciudad', 'la'))).toEqual(typo('la ciudad', [7, 9]));
  });

  it('does not forgive two slips: a mis-elided article and a typo', () => {
    expect(checkAnswer('le homem', word('french', 'homme', 'le')).verdict).toBe('wrong');
    expect(checkAnswer('el ciudda', word('spanish', 'ciudad', 'la')).verdict).toBe('wrong');
  });
});

describe('checkAnswer: German articles are part of the answer', () => {
  const mindTheArticle = (expected: string) => ({ verdict: 'almost', expected, reason: 'article' });

  it('grades a missing article and a wrong one the same: almost, showing the article', () => {
    const rest = word('german', 'Rest', 'der');
    expect(checkAnswer('der Rest', rest)).toEqual({ verdict: 'correct', expected: 'der Rest' });
    expect(checkAnswer('Rest', rest)).toEqual(mindTheArticle('der Rest'));
    expect(checkAnswer('die Rest', rest)).toEqual(mindTheArticle('der Rest'));
    expect(checkAnswer('das Rest', rest)).toEqual(mindTheArticle('der Rest'));
    expect(checkAnswer('Krankenhaus', word('german', 'Krankenhaus', 'das'))).toEqual(mindTheArticle('das Krankenhaus'));
  });

  it('keeps an accent slip with an article slip almost, but not a typo with one', () => {
    const strasse = word('german', 'Straße', 'die');
    expect(checkAnswer('Strasse', strasse)).toEqual(mindTheArticle('die Straße'));
    expect(checkAnswer('der Strasse', strasse)).toEqual(mindTheArticle('die Straße'));
    expect(checkAnswer('die Strasse', strasse)).toEqual(accentSlip('die Straße', 'eszett'));
    expect(checkAnswer('Krankenhuas', word('german', 'Krankenhaus', 'das')).verdict).toBe('wrong');
    expect(checkAnswer('das Krankenhuas', word('german', 'Krankenhaus', 'das')).reason).toBe('typo');
  });

  it('asks no article of a German word that has none, nor of an English answer', () => {
    expect(checkAnswer('schnell', word('german', 'schnell')).verdict).toBe('correct');
    expect(checkAnswer('house', english('house')).verdict).toBe('correct');
  });

  it('leaves the article optional in the other languages', () => {
    expect(checkAnswer('casa', word('spanish', 'casa', 'la')).verdict).toBe('correct');
    expect(checkAnswer('homme', word('french', 'homme', 'le')).verdict).toBe('correct');
  });
});

describe('checkAnswer: English answers', () => {
  it('makes a leading "to" optional on verbs, either way', () => {
    expect(checkAnswer('speak', english('to speak'))).toEqual({ verdict: 'correct', expected: 'to speak' });
    expect(checkAnswer('to speak', english('to speak'))).toEqual({ verdict: 'correct', expected: 'to speak' });
    expect(checkAnswer('to speak', english('speak')).verdict).toBe('correct');
  });

  it('makes a/an/the optional before nouns', () => {
    const key = english('house', 'home');
    expect(checkAnswer('the house', key)).toEqual({ verdict: 'correct', expected: 'house' });
    expect(checkAnswer('a house', key).verdict).toBe('correct');
    expect(checkAnswer('an apple', english('apple')).verdict).toBe('correct');
    expect(checkAnswer('apple', english('an apple'))).toEqual({ verdict: 'correct', expected: 'an apple' });
  });

  it('applies to regional English locales too', () => {
    expect(checkAnswer('speak', { accepted: ['to speak'], locale: 'en-GB' }).verdict).toBe('correct');
  });

  it('does not treat a lone optional word as the answer', () => {
    expect(checkAnswer('the', english('the')).verdict).toBe('correct');
    expect(checkAnswer('to', english('to speak')).verdict).toBe('wrong');
  });

  it('forgives one typo in the word after "to"', () => {
    expect(checkAnswer('to speek', english('to speak'))).toEqual(typo('to speak', [6, 7]));
  });

  it('counts the letters of the word, not of "to": "to go" allows no typo', () => {
    expect(checkAnswer('to og', english('to go')).verdict).toBe('wrong');
  });
});

describe('checkAnswer: accents', () => {
  it('takes a missing accent as almost/accent and shows the right form', () => {
    expect(checkAnswer('nino', word('spanish', 'niño', 'el'))).toEqual(accentSlip('el niño', 'tilde'));
    expect(checkAnswer('cancion', word('spanish', 'canción', 'la'))).toEqual(accentSlip('la canción', 'accent'));
  });

  it('takes a wrong accent as almost/accent', () => {
    expect(checkAnswer('canciòn', word('spanish', 'canción', 'la')).reason).toBe('accent');
    expect(checkAnswer('éte', word('french', 'été', 'le')).reason).toBe('accent');
  });

  it('treats ß as ss, æ as ae and œ as oe', () => {
    expect(checkAnswer('die strasse', word('german', 'Straße', 'die'))).toEqual(accentSlip('die Straße', 'eszett'));
    expect(checkAnswer('oeuvre', word('french', 'œuvre', 'la'))).toEqual(accentSlip("l'œuvre", 'ligature'));
    expect(checkAnswer('ex aequo', word('french', 'ex æquo')).reason).toBe('accent');
  });

  it('applies accent tolerance to short words too', () => {
    expect(checkAnswer('mas', word('spanish', 'más')).verdict).toBe('almost');
  });

  it('makes accent differences wrong with strictAccents', () => {
    const strict = { strictAccents: true };
    expect(checkAnswer('nino', word('spanish', 'niño', 'el'), strict).verdict).toBe('wrong');
    // "cancion" is one substitution away too: strict mode must not let it in as a typo.
    expect(checkAnswer('cancion', word('spanish', 'canción', 'la'), strict).verdict).toBe('wrong');
    expect(checkAnswer('strasse', word('german', 'Straße', 'die'), strict).verdict).toBe('wrong');
    expect(checkAnswer('niño', word('spanish', 'niño', 'el'), strict).verdict).toBe('correct');
  });

  it('still forgives a typo that keeps the accents with strictAccents', () => {
    expect(checkAnswer('cancióm', word('spanish', 'canción', 'la'), { strictAccents: true })).toEqual(
      typo('la canción', [9, 10]),
    );
  });

  it('ignores accents when looking for a typo when accents are not strict', () => {
    expect(checkAnswer('cancoin', word('spanish', 'canción', 'la')).reason).toBe('typo');
    expect(checkAnswer('cancoin', word('spanish', 'canción', 'la'), { strictAccents: true }).verdict).toBe('wrong');
  });
});

describe('checkAnswer: typos', () => {
  const perro = word('spanish', 'perro', 'el');

  it.each([
    ['pero', 'deletion'],
    ['perrro', 'insertion'],
    ['perso', 'substitution'],
    ['prero', 'transposition'],
  ])('forgives one %s-type slip (%s) in a word of 5+ letters', (typed) => {
    expect(checkAnswer(typed, perro)).toMatchObject({ verdict: 'almost', expected: 'el perro', reason: 'typo' });
  });

  it('does not forgive two slips', () => {
    expect(checkAnswer('pro', perro).verdict).toBe('wrong');
    expect(checkAnswer('preo', perro).verdict).toBe('wrong');
  });

  it('marks the letters a typo changed, forgiven or not', () => {
    expect(checkAnswer('pero', perro)).toMatchObject({ verdict: 'almost', expected: 'el perro', misspelt: [6, 7] });
    expect(checkAnswer('prero', perro).misspelt).toEqual([4, 6]);
    // Under 5 letters the slip stays wrong, and the right answer is shown with the slip marked.
    expect(checkAnswer('thw', english('the'))).toEqual({ verdict: 'wrong', expected: 'the', misspelt: [2, 3] });
    expect(checkAnswer('wat', english('what'))).toEqual({ verdict: 'wrong', expected: 'what', misspelt: [1, 2] });
    expect(checkAnswer('to ga', english('to go'))).toMatchObject({ verdict: 'wrong', misspelt: [4, 5] });
  });

  it('does not forgive a typo in a word under 5 letters', () => {
    expect(checkAnswer('csa', word('spanish', 'casa', 'la')).verdict).toBe('wrong');
    expect(checkAnswer('caas', word('spanish', 'casa', 'la')).verdict).toBe('wrong');
    expect(checkAnswer('gatto', word('spanish', 'gato', 'el')).verdict).toBe('wrong');
  });

  it('forgives a typo at exactly 5 letters', () => {
    expect(checkAnswer('libor', word('spanish', 'libro', 'el')).reason).toBe('typo');
  });

  it('prefers an exact alternative over a near one, and an accent slip over a typo', () => {
    expect(checkAnswer('home', english('house', 'home'))).toEqual({ verdict: 'correct', expected: 'home' });
    const key = word('spanish', ['canción', 'cancion', 'cantar']);
    // Exact match on the second alternative wins.
    expect(checkAnswer('cancion', key)).toEqual({ verdict: 'correct', expected: 'cancion' });
    const accents = word('spanish', ['cansión', 'canción']);
    // "cancion": typo of the first, accent slip of the second: the accent slip is the closer reading.
    expect(checkAnswer('cancion', accents)).toEqual(accentSlip('canción', 'accent'));
  });
});

describe('checkAnswer: other words of the deck', () => {
  const deck = [word('spanish', 'perro', 'el'), word('spanish', 'pero'), word('spanish', 'sí'), word('spanish', 'si')];
  const otherAnswers = otherAnswerSet(deck);

  it('never forgives an answer that is another word ("pero" for "perro")', () => {
    expect(checkAnswer('pero', word('spanish', 'perro', 'el'), { otherAnswers }).verdict).toBe('wrong');
    expect(checkAnswer('el pero', word('spanish', 'perro', 'el'), { otherAnswers }).verdict).toBe('wrong');
  });

  it('never forgives an accent that makes another word ("si" for "sí")', () => {
    expect(checkAnswer('si', word('spanish', 'sí'), { otherAnswers })).toEqual({
      verdict: 'wrong',
      expected: 'sí',
      diacritic: 'accent',
    });
  });

  it('still forgives slips that are not words of the deck', () => {
    expect(checkAnswer('perrp', word('spanish', 'perro', 'el'), { otherAnswers }).verdict).toBe('almost');
  });

  it('ignores the current word inside the set', () => {
    expect(checkAnswer('perro', word('spanish', 'perro', 'el'), { otherAnswers }).verdict).toBe('correct');
    expect(checkAnswer('sí', word('spanish', 'sí'), { otherAnswers }).verdict).toBe('correct');
  });

  it('works with English translations and optional words', () => {
    const others = otherAnswerSet([english('house'), english('horse'), english('to hear'), english('to bear')]);
    expect(checkAnswer('horse', english('house'), { otherAnswers: others }).verdict).toBe('wrong');
    expect(checkAnswer('the horse', english('house'), { otherAnswers: others }).verdict).toBe('wrong');
    expect(checkAnswer('bear', english('to hear'), { otherAnswers: others }).verdict).toBe('wrong');
    expect(checkAnswer('hosue', english('house'), { otherAnswers: others }).verdict).toBe('almost');
  });

  it('accepts a set built by hand with normalizeAnswer', () => {
    const others = new Set([normalizeAnswer('Pero', 'es-ES')]);
    expect(checkAnswer('pero', word('spanish', 'perro', 'el'), { otherAnswers: others }).verdict).toBe('wrong');
  });
});

describe('otherAnswerSet', () => {
  it('collects normalised forms, and English forms without their optional word', () => {
    const set = otherAnswerSet([word('german', 'Haus', 'das'), english('to speak', 'The End')]);
    expect([...set].sort()).toEqual(['end', 'haus', 'speak', 'the end', 'to speak']);
  });
});

describe('checkAnswer: naming the missed mark', () => {
  it('names the umlaut of a German word, forgiven or, with strict accents, not', () => {
    const koenig = word('german', 'König', 'der');
    expect(checkAnswer('der Konig', koenig)).toMatchObject({
      verdict: 'almost',
      reason: 'accent',
      diacritic: 'umlaut',
      expected: 'der König',
    });
    expect(checkAnswer('der Konig', koenig, { strictAccents: true })).toEqual({
      verdict: 'wrong',
      expected: 'der König',
      diacritic: 'umlaut',
    });
    expect(mindTheMark('umlaut', 'der König')).toBe('mind the umlaut: der König');
  });

  it('names the accent of "à" typed "a", which is another word and stays wrong, as it names the one of "être"', () => {
    const others = otherAnswerSet([{ accepted: ['a', 'être', 'à'], locale: 'fr' }]);
    expect(checkAnswer('a', word('french', 'à'), { otherAnswers: others })).toEqual({
      verdict: 'wrong',
      expected: 'à',
      diacritic: 'accent',
    });
    expect(checkAnswer('etre', word('french', 'être'), { otherAnswers: others })).toMatchObject({
      verdict: 'almost',
      diacritic: 'accent',
    });
    expect(mindTheMark('accent', 'à')).toBe('mind the accent: à');
  });

  it('names a tilde, a cedilla, a diaeresis outside German, ß and joined letters', () => {
    expect(checkAnswer('manana', word('spanish', 'mañana')).diacritic).toBe('tilde');
    expect(checkAnswer('garcon', word('french', 'garçon', 'le')).diacritic).toBe('cedilla');
    expect(checkAnswer('noel', word('french', 'Noël')).diacritic).toBe('diaeresis');
    expect(checkAnswer('die Strasse', word('german', 'Straße', 'die')).diacritic).toBe('eszett');
    expect(checkAnswer('oeuvre', word('french', 'œuvre', 'la')).diacritic).toBe('ligature');
    // A wrong accent, not a missing one: still the accent.
    expect(checkAnswer('canciòn', word('spanish', 'canción', 'la')).diacritic).toBe('accent');
  });

  it('names nothing for a typo or a plain wrong answer', () => {
    expect(checkAnswer('cancoin', word('spanish', 'canción', 'la')).diacritic).toBeUndefined();
    expect(checkAnswer('perro', word('spanish', 'gato', 'el')).diacritic).toBeUndefined();
  });
});
