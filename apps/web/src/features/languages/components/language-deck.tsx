import type { LanguageCard } from '@vocab/api';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { useLanguages } from '../api/get-languages';
import { wordCount } from '../lib/word-count';
import { LanguageCardTitle } from './language-card-title';

/** The deck of language cards (SPEC.md §2): each language with its real word count; inactive ones "Coming soon...". */
export function LanguageDeck() {
  const languages = useLanguages();
  return (
    <QueryState query={languages} isEmpty={(cards) => cards.length === 0} empty={<p>No languages are offered yet.</p>}>
      {(cards) => (
        <ul className="card-grid language-deck">
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
  const title = <LanguageCardTitle name={card.language} bg={card.bg} fontColor={card.fontColor} />;
  if (!card.isActive) {
    return (
      <div className="card language-card is-inactive">
        {title}
        <p>{wordCount(card.totalWords)}</p>
        <p className="coming-soon">Coming soon...</p>
      </div>
    );
  }
  return (
    <Link to={card.languageHomePage} className="card language-card">
      {title}
      <p>{wordCount(card.totalWords)}</p>
    </Link>
  );
}
