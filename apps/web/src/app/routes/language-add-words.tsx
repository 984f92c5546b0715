import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { fromHome, useLanguageHome } from '@/lib/language-home';
import { useRouteLanguage } from '@/lib/use-route-language';
import { AddWordForm } from '@/features/languages/components/add-word-form';
import { Component as NotFound } from './not-found';

/** `/<language>-add-words` (for Italian; every language per PRODUCT.md §1): the learner's own words. */
export function Component() {
  const language = useRouteLanguage();
  const home = useLanguageHome(language?.code ?? '');
  if (!language) return <NotFound />;
  return (
    <Page title={`${language.name}: add words`}>
      <p>Words you add are yours alone; they join your {language.name} quizzes.</p>
      <AddWordForm key={language.code} language={language} />
      <p>
        <Link to={paths.languageImport(language.code)} state={fromHome(home)}>
          Import a list of words
        </Link>{' '}
        from a CSV file, a spreadsheet or Quizlet.
      </p>
      <p>
        <Link to={paths.languageOwnWords(language.code)} state={fromHome(home)}>
          See, edit or delete your {language.name} words
        </Link>
      </p>
      <p>
        <Link to={home}>Back to {language.name}</Link>
      </p>
    </Page>
  );
}
