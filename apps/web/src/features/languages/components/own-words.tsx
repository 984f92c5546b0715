import type { Word } from '@vocab/api';
import type { Language } from '@vocab/core';
import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { ApiError } from '@/lib/api-client';
import { useDeleteOwnWord, useEditOwnWord } from '../api/own-words';
import './own-words.css';

type Mode = { kind: 'view' } | { kind: 'edit' } | { kind: 'delete' };

/**
 * The learner's own words in a language, each with Edit (in place: the word keeps its cards and history) and Delete
 * (asked first, as it takes the word's history with it).
 */
export function OwnWords({ language, words }: { language: Language; words: readonly Word[] }) {
  const [done, setDone] = useState<string | null>(null);
  if (words.length === 0) return <p>You have not added any {language.name} words of your own yet.</p>;
  return (
    <>
      <ul className="own-words" aria-label={`Your ${language.name} words`}>
        {words.map((word) => (
          <OwnWordRow key={word._id} language={language} word={word} onDone={setDone} />
        ))}
      </ul>
      {done ? (
        <p role="status" className="success">
          {done}
        </p>
      ) : null}
    </>
  );
}

function OwnWordRow({ language, word, onDone }: { language: Language; word: Word; onDone: (message: string) => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [text, setText] = useState({ word: word.word, translation: word.translation });
  const edit = useEditOwnWord(language.code);
  const remove = useDeleteOwnWord(language.code);
  const ready = text.word.trim() !== '' && text.translation.trim() !== '' && !edit.isPending;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    edit.mutate(
      { id: word._id, word: text.word.trim(), translation: text.translation.trim() },
      {
        onSuccess: (saved) => {
          setMode({ kind: 'view' });
          onDone(`✔ “${saved.word}” saved.`);
        },
      },
    );
  };

  if (mode.kind === 'edit') {
    const duplicate = edit.error instanceof ApiError && edit.error.status === 409;
    return (
      <li>
        <form className="form own-word-edit" onSubmit={save} noValidate aria-label={`Edit “${word.word}”`}>
          <div className="field">
            <label htmlFor={`own-word-${word._id}`}>{language.name} word</label>
            <input
              id={`own-word-${word._id}`}
              value={text.word}
              maxLength={100}
              autoComplete="off"
              lang={language.locale}
              onChange={(e) => setText({ ...text, word: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`own-translation-${word._id}`}>English translation</label>
            <input
              id={`own-translation-${word._id}`}
              value={text.translation}
              maxLength={300}
              autoComplete="off"
              onChange={(e) => setText({ ...text, translation: e.target.value })}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-small" disabled={!ready}>
            {edit.isPending ? 'Saving...' : 'Save'}
          </button>{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setMode({ kind: 'view' })}>
            Cancel
          </button>
          {edit.isError ? (
            <ErrorBox>
              {duplicate ? `“${text.word.trim()}” is already in your ${language.name} words.` : edit.error.message}
            </ErrorBox>
          ) : null}
        </form>
      </li>
    );
  }

  return (
    <li>
      <span className="own-word-text">
        <strong lang={language.locale}>{word.word}</strong> — {word.translation}
      </span>
      {mode.kind === 'delete' ? (
        <span className="own-word-confirm" role="group" aria-label={`Delete “${word.word}”?`}>
          Delete “{word.word}” and its review history?{' '}
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={remove.isPending}
            // The list drops the row before a mutate callback could run: the promise still settles.
            onClick={() =>
              void remove.mutateAsync(word._id).then(
                () => onDone(`✔ “${word.word}” deleted.`),
                () => undefined,
              )
            }
          >
            Delete
          </button>{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setMode({ kind: 'view' })}>
            Keep it
          </button>
        </span>
      ) : (
        <span className="own-word-actions">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={`Edit “${word.word}”`}
            onClick={() => {
              setText({ word: word.word, translation: word.translation });
              edit.reset();
              setMode({ kind: 'edit' });
            }}
          >
            Edit
          </button>{' '}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={`Delete “${word.word}”`}
            onClick={() => setMode({ kind: 'delete' })}
          >
            Delete
          </button>
        </span>
      )}
      {remove.isError ? <ErrorBox>{remove.error.message}</ErrorBox> : null}
    </li>
  );
}
