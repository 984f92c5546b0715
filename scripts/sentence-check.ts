/**
 * The decks' example sentences, checked with real dictionaries (docs/content.md, "Sentences"): that the bracketed span
 * is the entry or an inflected form of it, the spelling of every word, and how many sentences a learner can read when
 * they meet the entry (every other word an earlier entry, in any form, or one of the commonest function words).
 *
 * Forms come from Apertium's morphological analysers (`lt-proc`) for Spanish, French, Italian and Portuguese, and
 * from hunspell's stems for German (Debian has no German Apertium analyser), with rules for German's endings, umlauts,
 * ge- participles, separable prefixes and a table of its strong and irregular verbs. Spelling is hunspell's. Each tool
 * missing on the machine is skipped with a message saying what is not checked.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { type DeckEntry, type Language, exampleParts, exampleWords } from '@vocab/core';

/** The entries whose sentences are required and measured: the first thousand of each deck. */
export const SENTENCE_ENTRIES = 1000;
/**
 * Function words every learner meets first: the deck's pronouns, determiners, prepositions and conjunctions up to this
 * rank.
 */
const FUNCTION_WORD_RANK = 100;
const FUNCTION_POS = new Set(['pron', 'det', 'prep', 'conj']);

interface Tools {
  /** hunspell dictionaries, comma-separated as `hunspell -d` takes them. */
  dictionaries: string;
  /** Apertium's analyser of the language, if Debian has one. */
  analyser: string | null;
}

const APERTIUM = '/usr/share/apertium';
const TOOLS: Readonly<Record<string, Tools>> = {
  spanish: { dictionaries: 'es_ES,es_MX', analyser: `${APERTIUM}/apertium-eng-spa/spa-eng.automorf.bin` },
  french: { dictionaries: 'fr_FR', analyser: `${APERTIUM}/apertium-fr-es/fr-es.automorf.bin` },
  italian: { dictionaries: 'it_IT', analyser: `${APERTIUM}/apertium-spa-ita/ita-spa.automorf.bin` },
  portuguese: { dictionaries: 'pt_BR,pt_PT', analyser: `${APERTIUM}/apertium-es-pt/pt-es.automorf.bin` },
  german: { dictionaries: 'de_DE', analyser: null },
};

export interface SentenceReport {
  language: string;
  /** Entries among the first thousand with a sentence, and how many entries that is. */
  withSentence: number;
  considered: number;
  /** Entries of the whole deck without one (line numbers and words). */
  missing: Array<{ line: number; word: string }>;
  /** Spans the analysers do not read as a form of the entry; null when no analyser could tell. */
  notInflection: Array<{ line: number; word: string; form: string }> | null;
  /** Words hunspell does not know; null without hunspell. */
  misspelt: Array<{ line: number; word: string; token: string }> | null;
  /** Sentences whose other words are all earlier entries or function words; null without an analyser. */
  known: { readable: number; total: number } | null;
  /** The words that most often keep a sentence from being readable, with how many sentences they do it in. */
  blockers: Array<[string, number]>;
  /** What could not be checked here, and why. */
  skipped: string[];
}

const lower = (text: string, locale: string) => text.toLocaleLowerCase(locale).normalize('NFC');
/** Lower-case German compared without umlauts and with ß as ss. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

function has(command: string): boolean {
  return spawnSync(command, ['--version'], { encoding: 'utf8' }).error === undefined;
}

/** Each word's lemmas by Apertium: per word, its units (l'homme is two), each with the lemmas it may have. */
function apertiumLemmas(analyser: string, words: readonly string[], locale: string): Map<string, string[][]> {
  const out = spawnSync('lt-proc', ['-z', analyser], {
    input: words.join('\0') + '\0',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const chunks = out.stdout.split('\0');
  const result = new Map<string, string[][]>();
  words.forEach((word, i) => {
    const units = [...(chunks[i] ?? '').matchAll(/\^([^$]*)\$/g)].map((m) => {
      const [surface = '', ...analyses] = (m[1] ?? '').split('/');
      // "*word" is unknown; "de<pr>+el<det>" is two words in one ("del"): each lemma counts, and so does the form.
      const lemmas = analyses.flatMap((a) =>
        a.startsWith('*')
          ? []
          : a.split('+').map((part) => lower(part.replace(/<.*$/, '').replace(/#.*$/, ''), locale)),
      );
      return [lower(surface, locale), ...lemmas];
    });
    result.set(word, units);
  });
  return result;
}

/** Each word's stems by hunspell (`-s`): the word's own form is not among them unless it is a stem. */
function hunspellStems(dictionaries: string, words: readonly string[], locale: string): Map<string, string[]> {
  const out = spawnSync('hunspell', ['-d', dictionaries, '-s', '-i', 'utf-8'], {
    input: words.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = new Map<string, string[]>();
  for (const line of out.stdout.split('\n')) {
    const [word, stem] = line.split(' ');
    if (!word || !stem) continue;
    result.set(word, [...(result.get(word) ?? []), lower(stem, locale)]);
  }
  return result;
}

/** The words hunspell does not know (`-l`), with every dictionary given: a word any of them knows is spelt right. */
function hunspellUnknown(dictionaries: string, words: readonly string[]): Set<string> {
  const out = spawnSync('hunspell', ['-d', dictionaries, '-l', '-i', 'utf-8'], {
    input: words.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Set(out.stdout.split('\n').filter(Boolean));
}

/** Ligatures as two letters, as Apertium's French analyser writes its lemmas ("yeux" → "oeil" for "œil"). */
const unligature = (text: string) => text.replace(/œ/g, 'oe').replace(/æ/g, 'ae');

/**
 * Romance forms an analyser may not lead back to the entry: gender and number of an adjective or noun ("unida" of
 * "unido", which Apertium reads as a participle of "unir"), an apocope before a noun ("buen", "primer", "gran"), and
 * the few forms that are words of their own in the analyser ("hay", existential "haber").
 */
function romanceInflects(form: string, entry: string): boolean {
  const base = entry.replace(/[oae]$/, '');
  if (
    base.length >= 2 &&
    [
      `${base}o`,
      `${base}a`,
      `${base}os`,
      `${base}as`,
      `${base}e`,
      `${base}es`,
      `${base}i`,
      `${entry}s`,
      `${entry}es`,
    ].includes(form)
  )
    return true;
  if (
    form.length >= 3 &&
    fold(entry).startsWith(fold(form)) &&
    ['o', 'e', 'de', 'a'].includes(fold(entry).slice(fold(form).length))
  )
    return true;
  return SUPPLETIVE[form] === entry;
}
const SUPPLETIVE: Readonly<Record<string, string>> = { hay: 'haber' };

/** A reflexive entry's verb ("quedarse" → "quedar", "chiamarsi" → "chiamare", "s'appeler" → "appeler"). */
function entryLemmas(entry: DeckEntry, locale: string): string[] {
  const word = lower(entry.word, locale);
  const lemmas = [word];
  if (entry.pos === 'verb') {
    if (/^(es|pt)/.test(locale)) lemmas.push(word.replace(/-?se$/, ''));
    if (locale.startsWith('it')) lemmas.push(word.replace(/rsi$/, 're').replace(/rsene$/, 're'));
    if (locale.startsWith('fr')) lemmas.push(word.replace(/^(se |s')/, ''));
  }
  return [...new Set(lemmas)];
}

// German: the forms rules cannot make. Each verb's irregular stems (present, past, subjunctive, participle); a stem
// takes the usual endings (kam, kamen, kamst).
const GERMAN_STRONG = `sein:bin bist ist sind seid war wär gewesen sei|haben:hab hast hat hatt hätt gehabt
werden:wird wirst wurd würd geworden worden
können:kann konnt könnt gekonnt|müssen:muss musst müsst gemusst|sollen:soll sollt gesollt
wollen:will willst wollt gewollt
dürfen:darf durft dürft gedurft|mögen:mag magst mocht möcht gemocht|wissen:weiß weißt wusst wüsst gewusst
gehen:ging gegangen
kommen:kam käm gekommen|sehen:sieh sah säh gesehen|geben:gib gab gäb gegeben|nehmen:nimm nahm nähm genommen
stehen:stand stünd ständ gestanden|finden:fand fänd gefunden|bleiben:blieb geblieben|liegen:lag läg gelegen
sprechen:sprich sprach gesprochen|lesen:lies las gelesen|essen:iss isst aß äß gegessen|helfen:hilf half geholfen
tun:tu tust tut tat tät getan|bringen:bracht brächt gebracht|denken:dacht dächt gedacht|kennen:kannt gekannt
laufen:läuf lief gelaufen|fahren:fähr fuhr führ gefahren|halten:hält hielt gehalten|lassen:läss lässt ließ gelassen
fallen:fäll fiel gefallen|schlafen:schläf schlief geschlafen|tragen:träg trug getragen|sitzen:saß säß gesessen
ziehen:zog zög gezogen|schreiben:schrieb geschrieben|treffen:triff trifft traf getroffen|beginnen:begann begonnen
verlieren:verlor verloren|rufen:rief gerufen|schließen:schloss geschlossen|trinken:trank getrunken|singen:sang gesungen
sterben:stirb starb gestorben|werfen:wirf warf geworfen|vergessen:vergiss vergisst vergaß vergessen
fliegen:flog geflogen
schneiden:schnitt geschnitten|leiden:litt gelitten|greifen:griff gegriffen|gewinnen:gewann gewonnen
scheinen:schien geschienen
schweigen:schwieg geschwiegen|steigen:stieg gestiegen|bitten:bat gebeten|heißen:hieß geheißen|fangen:fäng fing gefangen
brechen:brich bricht brach gebrochen|treten:tritt trat getreten|wachsen:wächs wuchs gewachsen
waschen:wäsch wusch gewaschen
schlagen:schläg schlug geschlagen|senden:sandt gesandt|nennen:nannt genannt|rennen:rannt gerannt|laden:läd lud geladen
stoßen:stöß stieß gestoßen|frieren:fror gefroren|riechen:roch gerochen|schieben:schob geschoben|fließen:floss geflossen
genießen:genoss genossen|lügen:log gelogen|bieten:bot geboten|sinken:sank gesunken|springen:sprang gesprungen
zwingen:zwang gezwungen|binden:band gebunden|schwimmen:schwamm geschwommen|gleichen:glich geglichen|reiten:ritt geritten
streiten:stritt gestritten|leihen:lieh geliehen|weisen:wies gewiesen|hängen:hing gehangen
befehlen:befiehl befahl befohlen
empfehlen:empfiehl empfahl empfohlen|stehlen:stiehl stahl gestohlen|messen:miss misst maß gemessen
geschehen:geschieh geschah geschehen
gelten:gilt galt gegolten|schießen:schoss geschossen|verbieten:verbot verboten|vergleichen:verglich verglichen
erschrecken:erschrak
entscheiden:entschied entschieden|beweisen:bewies bewiesen|beschreiben:beschrieb beschrieben
fressen:friss frisst fraß gefressen
gelingen:gelang gelungen|verderben:verdirb verdirbt verdarb verdorben|überstehen:überstand überstanden
stechen:stich sticht stach gestochen`;

const STRONG = new Map<string, string[]>(
  GERMAN_STRONG.split(/[|\n]/).map((pair) => {
    const [verb = '', forms = ''] = pair.split(':');
    return [fold(verb), forms.split(' ').map(fold)];
  }),
);
/** German separable verbs' particles (folded), longest first so that a prefix is found whole. */
export const SEPARABLE_PARTICLES = [
  'zusammen',
  'zurück',
  'weiter',
  'wieder',
  'vorbei',
  'heraus',
  'herein',
  'hinaus',
  'fest',
  'fort',
  'heim',
  'nach',
  'auf',
  'aus',
  'bei',
  'ein',
  'her',
  'hin',
  'los',
  'mit',
  'vor',
  'weg',
  'ab',
  'an',
  'zu',
  'um',
  'durch',
  'über',
  'unter',
].map(fold);
const INSEPARABLE = ['miss', 'emp', 'ent', 'zer', 'ver', 'be', 'er', 'ge'];
const NOMINAL_ENDINGS = [
  '',
  'e',
  'en',
  'er',
  'es',
  'em',
  'n',
  's',
  'nen',
  'ern',
  'st',
  'ste',
  'sten',
  'ster',
  'stes',
  'stem',
  'ere',
  'eren',
  'erer',
  'eres',
  'erem',
];
const VERB_ENDINGS = ['', 'e', 'st', 't', 'et', 'est', 'en', 'n', 'te', 'test', 'ten', 'tet', 'end', 'ete', 'eten'];
/** German articles and pronouns declined beyond what endings make: each form's dictionary forms. */
const GERMAN_DECLINED: Readonly<Record<string, readonly string[]>> = {
  die: ['der', 'die'],
  das: ['der', 'das'],
  den: ['der'],
  dem: ['der'],
  des: ['der'],
  mir: ['ich'],
  mich: ['ich'],
  dir: ['du'],
  dich: ['du'],
  ihm: ['er'],
  ihn: ['er'],
  uns: ['wir'],
  euch: ['ihr'],
  ihnen: ['sie'],
  ihr: ['sie', 'ihr'],
  ihre: ['sie', 'ihr'],
};
const GERMAN_CONTRACTIONS: Readonly<Record<string, string>> = {
  zum: 'zu',
  zur: 'zu',
  im: 'in',
  ins: 'in',
  am: 'an',
  ans: 'an',
  vom: 'von',
  beim: 'bei',
  aufs: 'auf',
  fürs: 'für',
  durchs: 'durch',
  ums: 'um',
};

/** Whether a German form is an inflection of `entry` by rule (both folded: no umlauts, ß as ss, lower case). */
function germanInflects(form: string, entry: string): boolean {
  if (form === entry || GERMAN_CONTRACTIONS[form] === entry || GERMAN_DECLINED[form]?.includes(entry)) return true;
  // Nouns, adjectives, pronouns: the entry (or its stem without a final e/er/es/en) and an ending.
  for (const base of new Set([entry, entry.replace(/(e|er|es|en)$/, '')])) {
    if (base.length >= 2 && form.startsWith(base) && NOMINAL_ENDINGS.includes(form.slice(base.length))) return true;
  }
  if (!/n$/.test(entry)) return false;
  // Verbs: a prefix stays in front ("aufstehen" → "aufgestanden", "aufzustehen"); the rest inflects as its base verb.
  const prefix = [...SEPARABLE_PARTICLES, ...INSEPARABLE].find(
    (p) => entry.startsWith(p) && entry.length > p.length + 3 && form.startsWith(p),
  );
  if (prefix) {
    const rest = form.slice(prefix.length).replace(SEPARABLE_PARTICLES.includes(prefix) ? /^(ge|zu)(?=..)/ : /^$/, '');
    if (
      verbForm(rest, entry.slice(prefix.length), true) ||
      verbForm(form.slice(prefix.length), entry.slice(prefix.length), !SEPARABLE_PARTICLES.includes(prefix))
    )
      return true;
  }
  return verbForm(
    form,
    entry,
    INSEPARABLE.some((p) => entry.startsWith(p)),
  );
}

function verbForm(form: string, verb: string, noGe: boolean): boolean {
  const stem = verb.replace(/(en|n)$/, '');
  const weak = [stem, `ge${stem}`].filter((s) => !noGe || !s.startsWith('ge') || stem.startsWith('ge'));
  if (weak.some((s) => form.startsWith(s) && VERB_ENDINGS.includes(form.slice(s.length)))) return true;
  return (STRONG.get(verb) ?? []).some((s) => {
    const strong = noGe && !verb.startsWith('ge') ? s.replace(/^ge/, '') : s;
    return form.startsWith(strong) && VERB_ENDINGS.includes(form.slice(strong.length));
  });
}

/** The words of a sentence other than its span, and the span's words; "l'[homme]" gives "l'" to the others. */
function sentenceWords(example: string): { span: string[]; others: string[] } | null {
  const parts = exampleParts(example);
  if (!parts) return null;
  const MARK = '\u2063';
  const words = exampleWords(
    `${parts.before}${MARK}${parts.form.replace(/\s+/g, `${MARK} ${MARK}`)}${MARK}${parts.after}`,
  );
  const span: string[] = [];
  const others: string[] = [];
  for (const word of words) {
    const pieces = word.split(MARK);
    if (pieces.length === 1) {
      others.push(word);
      continue;
    }
    // Inside the markers is the span; an elided word before it ("l'") or a clitic after it is another word.
    const [head = '', inner = '', tail = ''] = pieces;
    if (head) others.push(head);
    if (inner) span.push(inner);
    if (tail.replace(/^[\p{P}\p{S}]+/u, '')) others.push(tail.replace(/^[\p{P}\p{S}]+/u, ''));
  }
  return { span, others };
}

export function checkSentences(language: Language, entries: readonly DeckEntry[], file: string): SentenceReport {
  const tools = TOOLS[language.code];
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const lineOf = new Map<string, number>();
  lines.forEach((l, i) => {
    const word = l.split('\t')[0]?.trim().normalize('NFC');
    if (word && !lineOf.has(word)) lineOf.set(word, i + 1);
  });
  const considered = entries.slice(0, SENTENCE_ENTRIES);
  const withSentence = considered.filter((e) => e.example);
  const report: SentenceReport = {
    language: language.name,
    withSentence: withSentence.length,
    considered: considered.length,
    missing: entries.filter((e) => !e.example).map((e) => ({ line: lineOf.get(e.word) ?? 0, word: e.word })),
    notInflection: null,
    misspelt: null,
    known: null,
    blockers: [],
    skipped: [],
  };
  if (!tools || withSentence.length === 0) return report;
  const { locale } = language;
  const hunspell = has('hunspell');
  const apertium = tools.analyser !== null && has('lt-proc') && fs.existsSync(tools.analyser);
  if (!hunspell)
    report.skipped.push(
      'hunspell is not installed: spelling not checked' + (tools.analyser ? '' : ', nor German forms'),
    );
  if (tools.analyser && !apertium)
    report.skipped.push(`Apertium's analyser (${tools.analyser}) is not installed: forms not checked`);

  const split = new Map(withSentence.map((e) => [e, sentenceWords(e.example)]));
  /** The sentence's first word, whose capital says nothing about it being a name. */
  const firstWord = (e: DeckEntry) => exampleWords(e.example)[0]?.replace(/[[\]]/g, '');
  const tokens = [...new Set([...split.values()].flatMap((s) => (s ? [...s.span, ...s.others] : [])))];
  const lemmasOf = apertium && tools.analyser ? apertiumLemmas(tools.analyser, tokens, locale) : null;
  const stemsOf = hunspell ? hunspellStems(tools.dictionaries, tokens, locale) : null;
  const unknown = hunspell ? hunspellUnknown(tools.dictionaries, tokens) : null;

  if (unknown) {
    report.misspelt = withSentence.flatMap((e) => {
      const words = split.get(e);
      return [...(words?.span ?? []), ...(words?.others ?? [])]
        .filter((t) => unknown.has(t))
        .map((token) => ({ line: lineOf.get(e.word) ?? 0, word: e.word, token }));
    });
  }
  const german = tools.analyser === null;
  if (!lemmasOf && !(german && stemsOf)) return report;

  /** What a word may be the form of: the analyser's lemmas per unit (German: hunspell's stems and the word itself). */
  const units = (token: string): string[][] => {
    const own = lower(token, locale);
    const found = lemmasOf?.get(token) ?? [];
    if (found.length > 1) return found;
    if (found.length === 1) return [[own, ...(found[0] ?? []), ...(stemsOf?.get(token) ?? [])]];
    return [[own, ...(stemsOf?.get(token) ?? [])]];
  };
  const isFormOf = (token: string, entry: string): boolean => {
    if (units(token).some((u) => u.includes(entry) || u.map(unligature).includes(unligature(entry)))) return true;
    const own = lower(token, locale);
    // An elided form ("l'" of "le", "dell'" of "dello") is the entry without its last vowel.
    if (!german) return (own.endsWith("'") && entry.startsWith(own.slice(0, -1))) || romanceInflects(own, entry);
    const folded = fold(lower(token, locale));
    return (
      units(token).some((u) => u.some((l) => germanInflects(fold(l), fold(entry)))) ||
      germanInflects(folded, fold(entry))
    );
  };

  report.notInflection = withSentence.flatMap((e) => {
    const span = split.get(e)?.span ?? [];
    const form = span.join(' ');
    const targets = entryLemmas(e, locale);
    const entryWords = targets[0]?.split(/\s+/) ?? [];
    const ok =
      targets.includes(lower(form, locale)) ||
      (span.length === 1 && targets.some((t) => isFormOf(span[0] ?? '', t))) ||
      (span.length === entryWords.length && span.every((w, i) => isFormOf(w, entryWords[i] ?? '')));
    return ok ? [] : [{ line: lineOf.get(e.word) ?? 0, word: e.word, form }];
  });

  // Readable: every other word is an earlier entry in some form, a function word, a number or a name.
  const functionWords = entries
    .filter((e) => e.rank <= FUNCTION_WORD_RANK && FUNCTION_POS.has(e.pos))
    .flatMap((e) => entryLemmas(e, locale));
  const earlier = new Set<string>(functionWords);
  const germanEarlier: string[] = [...functionWords.map(fold)];
  let readable = 0;
  const blockers = new Map<string, number>();
  for (const e of entries.slice(0, SENTENCE_ENTRIES)) {
    const others = split.get(e)?.others;
    if (others) {
      const first = firstWord(e);
      const unread = others.filter((token) => !isKnown(token, token === first));
      for (const token of new Set(unread.map((t) => lower(t, locale))))
        blockers.set(token, (blockers.get(token) ?? 0) + 1);
      if (unread.length === 0) readable += 1;
    }
    for (const lemma of entryLemmas(e, locale)) {
      earlier.add(lemma);
      germanEarlier.push(fold(lemma));
    }
  }
  report.known = { readable, total: withSentence.length };
  report.blockers = [...blockers].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return report;

  function isKnown(token: string, first: boolean): boolean {
    if (/^\p{N}+$/u.test(token)) return true;
    const found = units(token);
    // A capital inside a sentence is a name ("Marco", "Lisboa"); in German, where nouns have one, a word no
    // dictionary knows.
    if (!first && /^\p{Lu}/u.test(token) && (!german || (unknown?.has(token) ?? false))) return true;
    if (found.every((u) => u.some((l) => earlier.has(l)))) return true;
    const own = lower(token, locale);
    if (!german) return found.length === 1 && [...earlier].some((w) => romanceInflects(own, w));
    const folded = fold(lower(token, locale));
    return (
      germanEarlier.some((w) => germanInflects(folded, w)) ||
      found.some((u) => u.some((l) => germanEarlier.includes(fold(l))))
    );
  }
}
