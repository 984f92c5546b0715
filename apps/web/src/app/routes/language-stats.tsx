import { getLanguage, isLanguageCode } from '@vocab/core';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useLanguageCharts } from '@/features/stats/api/get-language-charts';
import { LanguageCharts } from '@/features/stats/components/language-charts';
import { ExportLinks } from '@/features/transfer/components/export-links';
import { useSession } from '@/features/auth/api/get-session';
import { useMemoryModel } from '@/features/stats/api/get-memory-model';
import { MemoryModelPanel } from '@/features/stats/components/memory-model-panel';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { useQueryClient } from '@tanstack/react-query';
import { fromHome, useLanguageHome } from '@/lib/language-home';
import { queryFilter } from '@/lib/query-keys';
import { Component as NotFound } from './not-found';

/** A language's statistics as charts and its memory model; anyone can see their own (a visitor's are empty). */
export function Component() {
  const code = useParams().language ?? '';
  if (!isLanguageCode(code) || !getLanguage(code).active) return <NotFound />;
  return <Stats code={code} />;
}

function Stats({ code }: { code: Parameters<typeof getLanguage>[0] }) {
  const language = getLanguage(code);
  const home = useLanguageHome(code);
  const charts = useLanguageCharts(code);
  const memory = useMemoryModel(code);
  const loggedIn = Boolean(useSession().data);
  const queryClient = useQueryClient();
  const updateSettings = useUpdateSettings();
  const chooseRetention = (desiredRetention: number) =>
    updateSettings.mutate(
      { desiredRetention },
      // The panel's "your setting" and the retention line follow the new setting.
      {
        onSuccess: () =>
          void Promise.all([
            queryClient.invalidateQueries({
              queryKey: queryFilter('/api/{language}/memory-model', { path: { language: code } }),
            }),
            queryClient.invalidateQueries({
              queryKey: queryFilter('/api/{language}/progress', { path: { language: code } }),
            }),
          ]),
      },
    );
  return (
    <Page title={`${language.name} progress`}>
      <p>
        <Link to={home}>Back to {language.name}</Link>
      </p>
      <QueryState query={charts}>
        {(data) => (
          <LanguageCharts
            charts={data}
            reviewLink={
              <Link to={paths.languageReview(code)} className="btn btn-primary btn-small">
                Review words
              </Link>
            }
            quizLink={
              <Link to={paths.languageQuiz(code)} className="btn btn-primary btn-small">
                Start the quiz
              </Link>
            }
          />
        )}
      </QueryState>
      {charts.data ? (
        <QueryState query={memory}>
          {(model) => (
            <MemoryModelPanel
              model={model}
              languageName={language.name}
              retention={charts.data.retention}
              downloadUrl={`/api/${code}/memory-model`}
              onChooseRetention={loggedIn ? chooseRetention : undefined}
              choosing={updateSettings.isPending}
            />
          )}
        </QueryState>
      ) : null}
      {updateSettings.isError ? (
        <p role="alert">Your setting could not be saved: {updateSettings.error.message}</p>
      ) : null}
      <ExportLinks language={language} />
      <p>
        <Link to={paths.languageImport(code)} state={fromHome(home)}>
          Import words
        </Link>{' '}
        from a CSV file, a spreadsheet or Quizlet.
      </p>
      <p>
        <Link to={paths.languageOwnWords(code)} state={fromHome(home)}>
          See, edit or delete your {language.name} words
        </Link>
      </p>
    </Page>
  );
}
