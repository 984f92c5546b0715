import { Link, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { activeLanguage } from '@/lib/active-language';
import { AddWordForm } from '@/features/languages/components/add-word-form';

export function Component() {
  // "/italian-add-words" → Italian.
  const language = activeLanguage(/^\/([a-z]+)-add-words\/?$/.exec(useLocation().pathname)?.[1]);
  if (!language) {
    return (
      <Page title="Add words">
        <ErrorBox>This language is not offered.</ErrorBox>
      </Page>
    );
  }
  return (
    <Page title={`${language.name}: add words`}>
      <p>Words you add are yours alone; they join your {language.name} quizzes.</p>
      <AddWordForm key={language.code} language={language} />
      <p>
        <Link to={paths.language(language.code)}>Back to {language.name}</Link>
      </p>
    </Page>
  );
}
