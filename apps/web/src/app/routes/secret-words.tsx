import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSecretWords } from '@/features/secret/api/get-secret-words';
import { SecretWordsTable } from '@/features/secret/components/secret-words-table';

export function Component() {
  const query = useSecretWords();
  return (
    <Page title="All secret language words">
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorBox title="Error loading" onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorBox>
      ) : query.data.length === 0 ? (
        <p>The secret language has no words yet.</p>
      ) : (
        <SecretWordsTable entries={query.data} />
      )}
      <p>
        <Link to={paths.secret}>Back to the secret language</Link>
      </p>
    </Page>
  );
}
