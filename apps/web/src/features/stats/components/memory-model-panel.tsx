import type { LanguageCharts, MemoryModel } from '@vocab/api';
import { effectiveRetention } from '@vocab/core';
import './memory-model-panel.css';
import { ColumnHeads } from '@/components/ui/column-heads';

const percent = (x: number) => `${Math.round(x * 100)}%`;
const perDay = (x: number) => (x < 10 ? x.toFixed(1) : String(Math.round(x)));
const points = (x: number) => {
  const n = Math.round(Math.abs(x) * 100);
  return n === 1 ? '1 point' : `${n} points`;
};
const date = (ms: number) =>
  new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type WorkloadRow = NonNullable<MemoryModel['report']>['workload'][number];

/**
 * What the learner's own retention costs: the report's row when the report has it, otherwise the range between the
 * two rows around it (the settings allow any step of 1%, the report has five).
 */
function atSetting(rows: readonly WorkloadRow[], retention: number) {
  const exact = rows.find((row) => Math.abs(row.retention - retention) < 0.001);
  if (exact) return { exact, fitted: perDay(exact.fitted), defaults: perDay(exact.defaults) };
  const below = rows.filter((row) => row.retention < retention).at(-1);
  const above = rows.find((row) => row.retention > retention);
  if (!below || !above) return undefined;
  const range = (a: number, b: number) => (perDay(a) === perDay(b) ? perDay(a) : `${perDay(a)}–${perDay(b)}`);
  return {
    exact: undefined,
    fitted: range(below.fitted, above.fitted),
    defaults: range(below.defaults, above.defaults),
  };
}

/** Why the standard model still schedules the learner's reviews, and what a model of their own waits for. */
function OnDefaults({ model, languageName }: { model: MemoryModel; languageName: string }) {
  const attempt = model.tooFewUsable;
  if (attempt) {
    return (
      <p>
        Your reviews are scheduled with the standard memory model for now. On {date(attempt.at)}, a model of your own
        was tried on your {attempt.reviews.toLocaleString()} {languageName} reviews and the standard one kept: a fit
        learns from words that come back on a later day than you last saw them, and {attempt.usable} of your reviews
        were such, of the {attempt.needed} it needs. The next try is at {attempt.nextAttemptAt.toLocaleString()} reviews
        (you have {model.reviewCount.toLocaleString()}); reviewing on different days gets you there.
      </p>
    );
  }
  if (model.status === 'failed') {
    return (
      <p>
        Your reviews are scheduled with the standard memory model: the latest fit did not succeed, and another is tried
        tomorrow.
      </p>
    );
  }
  if (model.reviewCount >= model.reviewsForFirstFit) {
    return (
      <p>
        Your reviews are scheduled with the standard memory model for now.{' '}
        {`You have ${model.reviewCount.toLocaleString()} ${languageName} reviews`}, enough for a first fit to how you
        remember: it runs by itself, and is kept once enough of them come back on a later day.
      </p>
    );
  }
  return (
    <p>
      Your reviews are scheduled with the standard memory model for now. Once you have {model.reviewsForFirstFit}{' '}
      reviews in {languageName} (you have {model.reviewCount}), it is fitted to how you remember, by itself, and
      refitted as you go.
    </p>
  );
}

interface Props {
  model: MemoryModel;
  languageName: string;
  /** Recall over the last 30 days, from the language's charts. */
  retention: LanguageCharts['retention'];
  /** Where the parameters can be downloaded. */
  downloadUrl: string;
  /** Sets the desired retention (the learner's setting, for every language); absent for a visitor. */
  onChooseRetention?: ((retention: number) => void) | undefined;
  choosing?: boolean;
}

/**
 * The learner's memory model in a language: whether it is fitted to them yet, how well it predicts them, what it
 * changed, and what each desired retention would cost them, with the one that costs least per word recommended.
 */
export function MemoryModelPanel({
  model,
  languageName,
  retention,
  downloadUrl,
  onChooseRetention,
  choosing = false,
}: Props) {
  const report = model.report;
  const current = report ? atSetting(report.workload, model.desiredRetention) : undefined;
  // The learner's own retention gets its row when the report has none for it, between the two around it.
  const rows = report?.workload.map((row) => ({ ...row, cost: perDay(row.fitted) })) ?? [];
  if (current && !current.exact) {
    const own = { retention: model.desiredRetention, fitted: 0, defaults: 0, cost: current.fitted };
    rows.splice(rows.filter((row) => row.retention < own.retention).length, 0, own);
  }
  return (
    <section className="card memory-model" aria-labelledby="memory-model-heading">
      <h2 id="memory-model-heading">Your memory model</h2>
      {model.status === 'defaults' || !report ? (
        <OnDefaults model={model} languageName={languageName} />
      ) : (
        <p>
          Fitted to your own {report.reviews.toLocaleString()} {languageName} reviews
          {model.fittedAt ? ` on ${date(model.fittedAt)}` : ''}
          {model.version > 1 ? ', replacing the model fitted to your earlier reviews' : ''}.
          {model.status === 'failed'
            ? ' The latest refit did not succeed; this one keeps serving, and another is tried tomorrow.'
            : ''}
        </p>
      )}
      {retention.actual === null ? null : (
        <p>
          Over the last 30 days you remembered <strong>{percent(retention.actual)}</strong> of{' '}
          {retention.reviews.toLocaleString()} reviews; you aim at {percent(retention.desired)}.
        </p>
      )}
      {report ? (
        <>
          {current ? (
            <p>
              At {percent(model.desiredRetention)}, your words ask for about{' '}
              <strong>{current.fitted} reviews a day</strong>, instead of {current.defaults} with the standard model.
              {report.cardsRescheduled > 0
                ? ` The last fit moved the schedule of ${report.cardsRescheduled} words.`
                : ''}
            </p>
          ) : null}
          {Math.abs(report.retentionCorrection) >= 0.005 ? (
            <p>
              The model {report.retentionCorrection > 0 ? 'overrated' : 'underrated'} your memory by about{' '}
              {points(report.retentionCorrection)}, so reviews are timed for{' '}
              {percent(effectiveRetention(model.desiredRetention, report.retentionCorrection))} by its reckoning: you
              get the {percent(model.desiredRetention)} you chose.
            </p>
          ) : null}
          <div className="memory-tables side-by-side">
            <div>
              <table className="memory-calibration">
                <caption>
                  How well it predicts you: for reviews it gave each chance of remembering, how many you remembered
                </caption>
                <ColumnHeads columns={['Predicted', 'Remembered', 'Reviews']} />
                <tbody>
                  {report.calibration.map((b) => (
                    <tr key={b.from}>
                      <td>{percent(b.predicted)}</td>
                      <td>{percent(b.actual)}</td>
                      <td>{b.reviews}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="hint">
                Prediction error (log loss, lower is better): {report.logLoss.fitted.toFixed(3)} fitted to you,{' '}
                {report.logLoss.defaults.toFixed(3)} with the standard model.
              </p>
            </div>
            <div>
              <table className="memory-workload">
                <caption>What each retention costs you</caption>
                <ColumnHeads
                  columns={['Remember at review', 'Reviews a day', <span className="visually-hidden">Choice</span>]}
                />
                <tbody>
                  {rows.map((w) => {
                    const recommended = w.retention === report.recommendedRetention;
                    const chosen = Math.abs(w.retention - model.desiredRetention) < 0.001;
                    return (
                      <tr key={w.retention} aria-current={chosen ? 'true' : undefined}>
                        <td>
                          {percent(w.retention)}
                          {recommended ? <strong> · recommended</strong> : null}
                        </td>
                        <td>{w.cost}</td>
                        <td>
                          {chosen ? (
                            'Your setting'
                          ) : onChooseRetention ? (
                            <button
                              type="button"
                              className="btn btn-secondary btn-small"
                              disabled={choosing}
                              onClick={() => onChooseRetention(w.retention)}
                            >
                              Use {percent(w.retention)}
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <p className="hint">
                Recommended: the retention with the fewest reviews for each word you keep, for a memory like yours. The
                setting applies to all your languages.
              </p>
            </div>
          </div>
        </>
      ) : null}
      <p>
        <a href={downloadUrl} download>
          Download your memory model
        </a>{' '}
        (JSON: the parameters and what the last fit measured).
      </p>
    </section>
  );
}
