import type { Language } from '@vocab/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { noVoiceText, useVoiceState } from '@/features/quiz/lib/speech';
import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { useLanguageHome } from '@/lib/language-home';
import { useRouteLanguage } from '@/lib/use-route-language';
import { Component as NotFound } from './not-found';
import { QuizPage } from './quiz-page';

const source = WORD_SOURCES.languageListen;

/**
 * `/listen/<language>`: the language's words said aloud, typed as heard (docs/decisions/0016-listen-and-type.md).
 * It needs the browser's voice for the language: without one it says so and offers the other ways to practise,
 * never another language's voice reading the words.
 */
export function Component() {
  const language = useRouteLanguage();
  const { voice, settled } = useVoiceState(language?.locale ?? '');
  if (!language) return <NotFound />;
  if (voice) return <QuizPage source={source} />;
  return <Page title={source.title(language)}>{settled ? <NoVoice language={language} /> : <Loading />}</Page>;
}

function NoVoice({ language }: { language: Language }) {
  const home = useLanguageHome(language.code);
  return (
    <div className="listen-no-voice" role="status">
      <p>{noVoiceText(language.name)} Practise them another way:</p>
      <div className="actions">
        <Link to={paths.languageQuiz(language.code)} className="btn btn-primary">
          {language.name} quiz
        </Link>
        <Link to={paths.languageContext(language.code)} className="btn btn-secondary">
          Practice in context
        </Link>
        <Link to={home} className="btn btn-secondary">
          Back to {language.name}
        </Link>
      </div>
    </div>
  );
}
