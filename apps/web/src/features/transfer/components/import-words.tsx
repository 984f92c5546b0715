import type { ImportPreview } from '@vocab/api';
import type { Language } from '@vocab/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/spinner';
import { useConfirmImport } from '../api/confirm-import';
import { usePreviewImport } from '../api/preview-import';
import '../transfer.css';
import { ColumnHeads } from '@/components/ui/column-heads';

/** The server's limit (packages/api IMPORT_MAX_BYTES): a larger file is refused here without sending it. */
const MAX_BYTES = 5 * 1024 * 1024;
/** Rows drawn in the preview; the counts above it cover the whole file. */
const SHOWN_LINES = 1000;

const SEPARATORS = { tab: 'tabs', comma: 'commas', semicolon: 'semicolons' };
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * Own words from a CSV or tab-separated file, or a pasted list (Quizlet's export is "term<TAB>definition"): the
 * server's preview shows every line and why it would be left out; nothing is saved until the learner confirms.
 */
export function ImportWords({ language }: { language: Language }) {
  const [source, setSource] = useState<Blob | string | null>(null);
  const [pasted, setPasted] = useState('');
  const [tooLarge, setTooLarge] = useState(false);
  const preview = usePreviewImport(language.code);
  const confirm = useConfirmImport(language.code);

  const start = (file: Blob | string) => {
    confirm.reset();
    setSource(file);
    preview.mutate(file);
  };
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setTooLarge(file.size > MAX_BYTES);
    if (file.size > MAX_BYTES) {
      preview.reset();
      setSource(null);
      return;
    }
    start(file);
  };
  const previewPasted = (event: FormEvent) => {
    event.preventDefault();
    if (pasted.trim() === '') return;
    setTooLarge(false);
    start(pasted);
  };
  const startOver = () => {
    preview.reset();
    confirm.reset();
    setSource(null);
  };

  if (confirm.isSuccess) {
    const { added, skipped } = confirm.data;
    return (
      <div>
        <p role="status" className="success">
          ✔ {plural(added, 'word', 'words')} added to your {language.name} words
          {skipped > 0 ? ` (${plural(skipped, 'line', 'lines')} left out)` : ''}.
        </p>
        <button type="button" className="btn btn-secondary" onClick={startOver}>
          Import more words
        </button>
      </div>
    );
  }

  if (source !== null && (preview.isPending || preview.isSuccess)) {
    if (preview.isPending) return <Loading label="Reading the file..." />;
    return (
      <PreviewTable
        preview={preview.data}
        adding={confirm.isPending}
        error={confirm.isError ? confirm.error.message : null}
        onConfirm={() => confirm.mutate(source)}
        onCancel={startOver}
      />
    );
  }

  return (
    <div className="import-words">
      <div className="field">
        <label htmlFor="import-file">A CSV or tab-separated file</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={chooseFile}
        />
        <p className="hint">
          One word per line: the {language.name} word, then its English translation, separated by a tab, a comma or a
          semicolon. Up to 10,000 lines and 5 MB.
        </p>
      </div>
      <form className="form" onSubmit={previewPasted} noValidate>
        <div className="field">
          <label htmlFor="import-paste">Or paste a list</label>
          <textarea
            id="import-paste"
            rows={8}
            value={pasted}
            lang={language.locale}
            onChange={(e) => setPasted(e.target.value)}
            placeholder={'gato\tcat\nperro\tdog'}
          />
          <p className="hint">A Quizlet set exported with tabs between term and definition pastes as it is.</p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={pasted.trim() === ''}>
          Preview
        </button>
      </form>
      {tooLarge ? <ErrorBox>This file is larger than 5 MB. Split it into smaller files.</ErrorBox> : null}
      {preview.isError ? <ErrorBox title="Error reading the file">{preview.error.message}</ErrorBox> : null}
    </div>
  );
}

function PreviewTable({
  preview,
  adding,
  error,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreview;
  adding: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (preview.lines.length === 0) {
    return (
      <div>
        <p>This file has no words in it.</p>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Choose another file
        </button>
      </div>
    );
  }
  const shown = preview.lines.slice(0, SHOWN_LINES);
  return (
    <div className="import-preview">
      <p>
        {plural(preview.valid, 'word', 'words')} can be added; {plural(preview.invalid, 'line has', 'lines have')} a
        problem and will be left out. Read as {preview.encoding.toUpperCase()}, separated by{' '}
        {SEPARATORS[preview.separator]}
        {preview.headerSkipped ? ', the first line taken as column names' : ''}.
      </p>
      <div className="table-scroll">
        <table className="table">
          <caption>Preview: nothing is saved until you confirm</caption>
          <ColumnHeads columns={['Line', 'Word', 'Translation', 'Status']} />
          <tbody>
            {shown.map((line) => (
              <tr key={line.line} className={line.error ? 'import-error' : undefined}>
                <td>{line.line}</td>
                <td>{line.word}</td>
                <td>{line.translation}</td>
                <td>{line.error ?? '✔ New'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.lines.length > shown.length ? <p>Showing the first {SHOWN_LINES.toLocaleString('en')} lines.</p> : null}
      <button type="button" className="btn btn-primary" disabled={preview.valid === 0 || adding} onClick={onConfirm}>
        {adding ? 'Adding...' : `Add ${plural(preview.valid, 'word', 'words')}`}
      </button>{' '}
      <button type="button" className="btn btn-secondary" disabled={adding} onClick={onCancel}>
        Cancel
      </button>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
    </div>
  );
}
