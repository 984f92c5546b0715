import type { DeckBand, DeckBands as Bands } from '@vocab/api';
import type { Language } from '@vocab/core';
import { useId } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Loading } from '@/components/ui/spinner';
import { useDeckBands, useStartBand } from '../api/deck-bands';
import '../deck-bands.css';

const range = (band: Pick<DeckBand, 'first' | 'last'>) =>
  `${band.first.toLocaleString('en')}–${band.last.toLocaleString('en')}`;
const percent = (band: DeckBand) => (band.words === 0 ? 0 : Math.floor((band.learned / band.words) * 100));

/**
 * The band new words come from now: the one holding the learner's chosen start, or after it the first band with
 * words left to learn.
 */
function currentBand(data: Bands): DeckBand | undefined {
  const fromStart = data.bands.filter((b) => b.last >= data.startRank);
  return fromStart.find((b) => b.learned < b.words) ?? fromStart[0];
}

/**
 * A language's deck in bands of 500 words by frequency, with the share of each the learner knows, told in words as
 * well as bars; and "Start words 1,001–1,500", which takes the quiz's new words from the next band on.
 */
export function DeckBands({ language }: { language: Language }) {
  const query = useDeckBands(language.code);
  const start = useStartBand(language.code);
  const headingId = useId();
  if (query.isPending) return <Loading label="Loading the deck's levels..." />;
  if (query.isError) {
    return (
      <ErrorBox title="Error loading the deck's levels" onRetry={() => void query.refetch()}>
        {query.error.message}
      </ErrorBox>
    );
  }
  const data = query.data;
  if (data.bands.length < 2) return null;
  const current = currentBand(data);
  const next = current ? data.bands[data.bands.indexOf(current) + 1] : undefined;
  return (
    <section className="card deck-bands" aria-labelledby={headingId}>
      <h2 id={headingId}>Levels of the deck</h2>
      <p className="hint">
        The {data.deckSize.toLocaleString('en')} {language.name} words, most common first, in steps of {data.bandSize}.
      </p>
      <ol className="band-list">
        {data.bands.map((band) => {
          const share = percent(band);
          const here = band === current;
          return (
            <li
              key={band.first}
              className={`band${here ? ' is-current' : ''}`}
              aria-current={here ? 'step' : undefined}
            >
              <span className="band-range">Words {range(band)}</span>
              <span className="band-known">
                {band.learned.toLocaleString('en')} of {band.words.toLocaleString('en')} known (
                {share === 0 && band.learned > 0 ? 'under 1' : share}%)
              </span>
              <ProgressBar label={`Words ${range(band)} known`} percent={share} />
              {here ? <span className="band-now">New words come from here</span> : null}
            </li>
          );
        })}
      </ol>
      {start.isError ? (
        <p className="hint band-error" role="alert">
          Could not change where new words come from: {start.error.message}
        </p>
      ) : null}
      <div className="actions">
        {/* Once a level is chosen, what changed takes the button's place: the button of the level after it, there
            at once, would take a double tap's second tap and skip a level. Reopening the page offers it again. */}
        {start.isSuccess && current ? (
          <p role="status" className="band-started">
            New words now come from words {range(current)}.
          </p>
        ) : next ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={start.isPending}
            onClick={() => start.mutate(next.first)}
          >
            Start words {range(next)}
          </button>
        ) : null}
        {data.startRank > 1 ? (
          <button type="button" className="btn btn-link" disabled={start.isPending} onClick={() => start.mutate(1)}>
            Take new words from the first word again
          </button>
        ) : null}
      </div>
    </section>
  );
}
