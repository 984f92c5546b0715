import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSecretWords } from '@/features/secret/api/get-secret-words';
import { SecretTranslator } from '@/features/secret/components/secret-translator';

export function Component() {
  const query = useSecretWords();
  return (
    <Page title="Secret translator">
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorBox title="Error loading" onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorBox>
      ) : (
        <SecretTranslator entries={query.data} />
      )}
      <p>
        <Link to={paths.secret}>Back to the secret language</Link>
      </p>
    </Page>
  );
}
