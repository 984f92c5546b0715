import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useSecretWords } from '@/features/secret/api/get-secret-words';
import { SecretWordsTable } from '@/features/secret/components/secret-words-table';

export function Component() {
  const query = useSecretWords();
  return (
    <Page title="All secret language words">
      <QueryState
        query={query}
        isEmpty={(entries) => entries.length === 0}
        empty={<p>The secret language has no words yet.</p>}
      >
        {(entries) => <SecretWordsTable entries={entries} />}
      </QueryState>
      <p>
        <Link to={paths.secret}>Back to the secret language</Link>
      </p>
    </Page>
  );
}
