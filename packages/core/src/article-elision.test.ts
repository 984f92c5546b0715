import { describe, expect, it } from 'vitest';
import { articleBefore, canElide, withArticle } from './article-elision.js';

describe('withArticle', () => {
  it('puts the article before the noun, keeping the deck spelling', () => {
    expect(withArticle('casa', 'la', 'es-ES')).toBe('la casa');
    expect(withArticle('Haus', 'das', 'de-DE')).toBe('das Haus');
    expect(withArticle('casa', 'a', 'pt-PT')).toBe('a casa');
  });

  it('returns the bare word without an article', () => {
    expect(withArticle('hablar', null, 'es-ES')).toBe('hablar');
    expect(withArticle('hablar', undefined, 'es-ES')).toBe('hablar');
    expect(withArticle('hablar', '', 'es-ES')).toBe('hablar');
  });

  it('elides le/la before a vowel in French, accented or not', () => {
    expect(withArticle('homme', 'le', 'fr-FR')).toBe("l'homme");
    expect(withArticle('année', 'la', 'fr-FR')).toBe("l'année");
    expect(withArticle('été', 'le', 'fr-FR')).toBe("l'été");
    expect(withArticle('île', 'la', 'fr-FR')).toBe("l'île");
    expect(withArticle('œuvre', 'la', 'fr-FR')).toBe("l'œuvre");
    expect(withArticle('maison', 'la', 'fr-FR')).toBe('la maison');
  });

  it('keeps the full article before an aspirated h in French', () => {
    expect(withArticle('hausse', 'la', 'fr-FR')).toBe('la hausse');
    expect(withArticle('hasard', 'le', 'fr-FR')).toBe('le hasard');
    expect(withArticle('hauteur', 'la', 'fr-FR')).toBe('la hauteur');
    expect(withArticle('heure', 'la', 'fr-FR')).toBe("l'heure");
  });

  it('never elides a plural article', () => {
    expect(withArticle('hommes', 'les', 'fr-FR')).toBe('les hommes');
    expect(withArticle('amici', 'gli', 'it-IT')).toBe('gli amici');
  });

  it('elides il/lo/la before a vowel or h in Italian', () => {
    expect(withArticle('uomo', 'il', 'it-IT')).toBe("l'uomo");
    expect(withArticle('acqua', 'la', 'it-IT')).toBe("l'acqua");
    expect(withArticle('hotel', 'il', 'it-IT')).toBe("l'hotel");
    expect(withArticle('studente', 'lo', 'it-IT')).toBe('lo studente');
    expect(withArticle('libro', 'il', 'it-IT')).toBe('il libro');
  });

  it('does not elide in languages without elision', () => {
    expect(withArticle('agua', 'el', 'es-ES')).toBe('el agua');
    expect(withArticle('amigo', 'o', 'pt-PT')).toBe('o amigo');
  });
});

describe('articleBefore and canElide', () => {
  it('tells the written article and whether it may be elided', () => {
    expect(articleBefore('homme', 'le', 'fr')).toBe("l'");
    expect(articleBefore('maison', 'la', 'fr')).toBe('la');
    expect(canElide('le', 'fr-FR')).toBe(true);
    expect(canElide('les', 'fr-FR')).toBe(false);
    expect(canElide('el', 'es-ES')).toBe(false);
  });
});
