import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ImportWords } from '@/features/transfer/components/import-words';
import { fromHome, useLanguageHome } from '@/lib/language-home';
import { useRouteLanguage } from '@/lib/use-route-language';
import { Component as NotFound } from './not-found';

/** `/import/<language>`: own words from a file or a pasted list, previewed before anything is saved. */
export function Component() {
  const language = useRouteLanguage();
  const home = useLanguageHome(language?.code ?? '');
  if (!language) return <NotFound />;
  return (
    <Page title={`${language.name}: import words`}>
      <ImportWords key={language.code} language={language} />
      <p>
        <Link to={paths.languageAddWords(language.code)} state={fromHome(home)}>
          Add words one by one
        </Link>{' '}
        ·{' '}
        <Link to={paths.languageStats(language.code)} state={fromHome(home)}>
          Export your words
        </Link>{' '}
        · <Link to={home}>Back to {language.name}</Link>
      </p>
    </Page>
  );
}
