import type { LanguageStats } from '@vocab/api';
import type { Language } from '@vocab/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePlacementRecord } from '../api/placement';
import { aboutCount } from '../lib/about';
import '../placement.css';

/**
 * The placement test on a language's home: offered first to a learner with no progress, then the last result with
 * "Redo the placement test". It offers no quiz of its own: "New words" below is the one way into the quiz, so the
 * home has no two buttons to one place. Without the record (loading, or a failed read) the home shows nothing of
 * it: its other steps do not depend on it.
 */
export function PlacementOffer({ language, stats }: { language: Language; stats: LanguageStats }) {
  const record = usePlacementRecord(language.code);
  if (!record.data) return null;
  const test = paths.languagePlacement(language.code);
  const { result } = record.data;
  if (result) {
    const about = aboutCount(result.level);
    return (
      <p className="placement-known">
        {about === 0 ? (
          <>The placement test started you from the first {language.name} word. </>
        ) : (
          <>
            You know about <strong>{about.toLocaleString('en')}</strong> of the most common {language.name} words.{' '}
          </>
        )}
        <Link to={test}>Redo the placement test</Link>
      </p>
    );
  }
  if (stats.learnedCount > 0 || stats.dueCount > 0) {
    return (
      <p className="placement-known">
        Know more {language.name} than you have learned here? <Link to={test}>Take the placement test</Link>
      </p>
    );
  }
  return (
    <section className="card placement-offer" aria-labelledby="placement-offer">
      <h2 id="placement-offer">Already know some {language.name}?</h2>
      <p>
        Find your level — about 3 minutes. The words you know are marked, and new words start after them. New to{' '}
        {language.name}? Start with the most common words under New words.
      </p>
      <div className="actions">
        <Link to={test} className="btn btn-primary">
          Find your level
        </Link>
      </div>
    </section>
  );
}
