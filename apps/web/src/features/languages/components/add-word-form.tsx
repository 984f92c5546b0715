import type { Language } from '@vocab/core';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { ApiError } from '@/lib/api-client';
import { useAddWord } from '../api/add-word';

/** A word already in the learner's list: the server answers 409 `word_exists`. */
const isDuplicate = (err: Error) => err instanceof ApiError && err.status === 409;

/**
 * A learner's own word (`/italian-add-words`): the button waits for both fields. A word already in the
 * list is said under the word's field, which keeps what was typed and takes the focus, so a misspelling can be
 * mended; a browser alert that then cleared the form lost the translation too, and told nothing a screen reader
 * could come back to.
 */
export function AddWordForm({ language }: { language: Language }) {
  const [word, setWord] = useState('');
  const [translation, setTranslation] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const wordRef = useRef<HTMLInputElement>(null);
  const add = useAddWord(language.code);
  const ready = word.trim() !== '' && translation.trim() !== '' && !add.isPending;

  // Ready for the next word: both fields empty, the cursor back in the first.
  const clear = () => {
    setWord('');
    setTranslation('');
    wordRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setAdded(null);
    setDuplicate(null);
    add.mutate(
      { word: word.trim(), translation: translation.trim() },
      {
        onSuccess: (saved) => {
          setAdded(saved.word);
          clear();
        },
        onError: (err) => {
          if (isDuplicate(err)) {
            setDuplicate(word.trim());
            add.reset();
            wordRef.current?.focus();
            wordRef.current?.select();
          }
        },
      },
    );
  };

  const failed = add.isError && !isDuplicate(add.error);
  return (
    <form className="form add-word-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="add-word">{language.name} word</label>
        <input
          id="add-word"
          ref={wordRef}
          value={word}
          maxLength={100}
          autoComplete="off"
          lang={language.locale}
          aria-invalid={duplicate !== null && duplicate === word.trim() ? true : undefined}
          aria-describedby={duplicate ? 'add-word-duplicate' : undefined}
          onChange={(e) => setWord(e.target.value)}
        />
        {duplicate ? (
          <p id="add-word-duplicate" className="field-error" role="alert">
            “{duplicate}” is already in your {language.name} words. Check the spelling, or add another word.
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="add-translation">English translation</label>
        <input
          id="add-translation"
          value={translation}
          maxLength={300}
          autoComplete="off"
          onChange={(e) => setTranslation(e.target.value)}
        />
        <p className="hint">Several translations: separate them with ";".</p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={!ready}>
        {add.isPending ? 'Adding...' : 'Add word'}
      </button>
      {added ? (
        <p role="status" className="success">
          ✔ “{added}” added to your {language.name} words.
        </p>
      ) : null}
      {failed ? <ErrorBox>{add.error.message}</ErrorBox> : null}
    </form>
  );
}
