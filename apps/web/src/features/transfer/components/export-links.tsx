import type { Language } from '@vocab/core';
import { exportUrls } from '../api/export-urls';

/** Downloads of the learner's words and review log for one language. */
export function ExportLinks({ language }: { language: Language }) {
  const urls = exportUrls(language.code);
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">Export your {language.name} words</h2>
      <ul>
        <li>
          <a href={urls.wordsCsv} download>
            Words and progress (CSV)
          </a>{' '}
          ·{' '}
          <a href={urls.wordsTsv} download>
            (TSV)
          </a>
        </li>
        <li>
          <a href={urls.anki} download>
            Words for Anki
          </a>{' '}
          (File › Import in Anki: one Basic note per word)
        </li>
        <li>
          <a href={urls.reviewsCsv} download>
            Review log (CSV)
          </a>
          , for FSRS optimisers
        </li>
      </ul>
    </section>
  );
}
