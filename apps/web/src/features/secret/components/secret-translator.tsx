import type { SecretEntry } from '@vocab/api';
import { type SecretDirection, type TranslationToken, translateSecret, unknownWords } from '@vocab/core';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { SECRET_LOCALE, secretPairs } from '../lib/secret-quiz';
import '../secret.css';

const DIRECTIONS: readonly { value: SecretDirection; label: string }[] = [
  { value: 'toSecret', label: 'English → Secret' },
  { value: 'toEnglish', label: 'Secret → English' },
];

/**
 * Two text areas, English and Secret, and a Translate button. The direction says which one is
 * typed in and comes first; the other shows the translation. Both keep their text on a switch, so a translation
 * can be translated back. Words not in the list are kept as typed and named below the fields.
 */
export function SecretTranslator({ entries }: { entries: readonly SecretEntry[] }) {
  const pairs = useMemo(() => secretPairs(entries), [entries]);
  const [direction, setDirection] = useState<SecretDirection>('toSecret');
  const [english, setEnglish] = useState('');
  const [secret, setSecret] = useState('');
  const [tokens, setTokens] = useState<TranslationToken[] | null>(null);
  const englishId = useId();
  const secretId = useId();
  const resultId = useId();

  const fromEnglish = direction === 'toSecret';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const result = translateSecret(fromEnglish ? english : secret, pairs, direction);
    const text = result.map((t) => t.text).join('');
    if (fromEnglish) setSecret(text);
    else setEnglish(text);
    setTokens(result);
  };

  const switchTo = (next: SecretDirection) => {
    setDirection(next);
    setTokens(null);
  };

  const unknown = tokens ? unknownWords(tokens) : [];

  const englishField = (
    <div key="english" className="translator-field">
      <label htmlFor={englishId}>English</label>
      <textarea
        id={englishId}
        lang="en"
        rows={5}
        value={english}
        readOnly={!fromEnglish}
        aria-describedby={fromEnglish ? undefined : resultId}
        onChange={(e) => setEnglish(e.target.value)}
      />
    </div>
  );
  const secretField = (
    <div key="secret" className="translator-field">
      <label htmlFor={secretId}>Secret</label>
      <textarea
        id={secretId}
        lang={SECRET_LOCALE}
        rows={5}
        value={secret}
        readOnly={fromEnglish}
        aria-describedby={fromEnglish ? resultId : undefined}
        onChange={(e) => setSecret(e.target.value)}
      />
    </div>
  );

  return (
    <form className="form translator" onSubmit={onSubmit}>
      <fieldset className="translator-direction">
        <legend>Direction</legend>
        {DIRECTIONS.map(({ value, label }) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => switchTo(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>

      {/* The field typed in comes first in either direction; the translation follows it. */}
      <div className="translator-fields">{fromEnglish ? [englishField, secretField] : [secretField, englishField]}</div>

      <div className="actions">
        <button type="submit" className="btn btn-primary">
          Translate
        </button>
      </div>

      <div id={resultId} aria-live="polite">
        {/* The translation is in its field; only the words kept as typed are named here, once. */}
        {tokens && unknown.length > 0 ? (
          <p className="translator-legend">
            Not in the {fromEnglish ? 'English' : 'secret'} word list, so kept as typed:{' '}
            {unknown.map((word, i) => (
              <span key={word}>
                {i > 0 ? ', ' : null}
                <span className="unknown-word">{word}</span>
              </span>
            ))}
            .
          </p>
        ) : null}
      </div>
    </form>
  );
}
