import type { LanguageStats } from '@vocab/api';
import type { Language } from '@vocab/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePlacementRecord } from '../api/placement';
import { aboutCount } from '../lib/about';

/**
 * The placement test on a language's home: offered first to a learner with no progress (or the quiz from the first
 * word), then the last result with "Redo the placement test". Without the record (loading, or a failed read) the
 * home shows nothing of it: its other steps do not depend on it.
 */
export function PlacementOffer({ language, stats, quizUrl }: { language: Language; stats: LanguageStats; quizUrl: string }) {
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
      <p>Find your level — about 3 minutes. The words you know are marked, and new words start after them.</p>
      <div className="actions">
        <Link to={test} className="btn btn-primary">
          Find your level
        </Link>
        <Link to={quizUrl} className="btn btn-secondary">
          Start from the first word
        </Link>
      </div>
    </section>
  );
}
