import type { SecretEntry } from '@vocab/api';
import { SECRET_LOCALE } from '../lib/secret-quiz';
import { ColumnHeads } from '@/components/ui/column-heads';

/** Every pair of the secret language: columns #, English and Secret. */
export function SecretWordsTable({ entries }: { entries: readonly SecretEntry[] }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">The secret language&apos;s words with their English meaning</caption>
        <ColumnHeads columns={['#', 'English', 'Secret']} />
        <tbody>
          {entries.map((entry, index) => (
            <tr key={entry.english}>
              <td>{index + 1}</td>
              <td lang="en">{entry.english}</td>
              <td lang={SECRET_LOCALE}>{entry.foreign}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
