import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { fromHome, useLanguageHome } from '@/lib/language-home';
import { useRouteLanguage } from '@/lib/use-route-language';
import { useOwnWords } from '@/features/languages/api/own-words';
import { OwnWords } from '@/features/languages/components/own-words';
import type { Language } from '@vocab/core';
import { Component as NotFound } from './not-found';

/** `/own-words/<language>`: the words the learner added to a language, to see, edit and delete. */
export function Component() {
  const language = useRouteLanguage();
  if (!language) return <NotFound />;
  return <OwnWordsPage key={language.code} language={language} />;
}

function OwnWordsPage({ language }: { language: Language }) {
  const words = useOwnWords(language.code);
  // Back to the home the learner came from, through the pages in between.
  const home = useLanguageHome(language.code);
  const back = fromHome(home);
  return (
    <Page title={`${language.name}: your words`}>
      <p>The words you added to {language.name}. An edited word keeps its progress; a deleted one loses it.</p>
      <QueryState query={words}>{(list) => <OwnWords language={language} words={list} />}</QueryState>
      <p>
        <Link to={paths.languageAddWords(language.code)} state={back}>
          Add words
        </Link>{' '}
        ·{' '}
        <Link to={paths.languageImport(language.code)} state={back}>
          Import a list of words
        </Link>{' '}
        · <Link to={home}>Back to {language.name}</Link>
      </p>
    </Page>
  );
}
