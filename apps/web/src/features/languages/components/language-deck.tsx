import type { LanguageCard } from '@vocab/api';
import { isLanguageCode } from '@vocab/core';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { useLanguages } from '../api/get-languages';
import { wordCount } from '../lib/word-count';
import { LanguageCardTitle } from './language-card-title';
import { LanguageFlag } from './language-flag';
import '../languages.css';

/**
 * The deck of language cards: each language with its real word count and a visible way in; a language
 * still being prepared reads as coming ("Coming soon..."), with no count and no link.
 */
export function LanguageDeck({ id }: { id?: string }) {
  const languages = useLanguages();
  return (
    <QueryState query={languages} isEmpty={(cards) => cards.length === 0} empty={<p>No languages are offered yet.</p>}>
      {(cards) => (
        <ul className="card-grid language-deck" id={id}>
          {cards.map((card) => (
            <li key={card.languageLowerCase}>
              <LanguageCardView card={card} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** A card with the deck's real size (PRODUCT.md §1), not the original's fixed "22,000". */
function LanguageCardView({ card }: { card: LanguageCard }) {
  const flag = isLanguageCode(card.languageLowerCase) ? <LanguageFlag code={card.languageLowerCase} /> : null;
  const title = <LanguageCardTitle name={card.language} bg={card.bg} fontColor={card.fontColor} emblem={flag} />;
  if (!card.isActive) {
    return (
      <div className="card language-card is-inactive">
        {title}
        <p className="coming-soon badge">Coming soon...</p>
        <p className="language-card-note">Its word list is being prepared.</p>
      </div>
    );
  }
  return (
    <Link to={card.languageHomePage} className="card language-card">
      {title}
      <p className="language-card-count">{wordCount(card.totalWords)}</p>
      <span className="language-card-cta">
        Start practising{' '}
        <span className="arrow" aria-hidden="true">
          →
        </span>
      </span>
    </Link>
  );
}
