import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useSecretWords } from '@/features/secret/api/get-secret-words';
import { SecretTranslator } from '@/features/secret/components/secret-translator';

export function Component() {
  const query = useSecretWords();
  return (
    <Page title="Secret translator">
      <QueryState query={query}>{(entries) => <SecretTranslator entries={entries} />}</QueryState>
      <p>
        <Link to={paths.secret}>Back to the secret language</Link>
      </p>
    </Page>
  );
}
