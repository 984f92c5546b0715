import type { LanguageCard } from '@vocab/api';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/spinner';
import { useLanguages } from '../api/get-languages';
import { wordCount } from '../lib/word-count';
import { LanguageCardTitle } from './language-card-title';

/** The deck of language cards (SPEC.md §2): each language with its real word count; inactive ones "Coming soon...". */
export function LanguageDeck() {
  const languages = useLanguages();
  if (languages.isPending) return <Loading />;
  if (languages.isError) return <ErrorBox title="Error loading" onRetry={() => void languages.refetch()}>{languages.error.message}</ErrorBox>;
  if (languages.data.length === 0) return <p>No languages are offered yet.</p>;
  return (
    <ul className="card-grid language-deck">
      {languages.data.map((card) => (
        <li key={card.languageLowerCase}>
          <LanguageCardView card={card} />
        </li>
      ))}
    </ul>
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
