import { getLanguage, isLanguageCode } from '@vocab/core';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useLanguageProgress } from '@/features/progress/api/get-language-progress';
import { LanguageCharts } from '@/features/progress/components/language-charts';
import { ExportLinks } from '@/features/transfer/components/export-links';

/** A language's progress as charts; anyone can see their own (a visitor's are empty). */
export function Component() {
  const code = useParams().language ?? '';
  if (!isLanguageCode(code) || !getLanguage(code).active) {
    return (
      <Page title="Page not found" heading={<h1>Error 404 Page Not Found</h1>}>
        <p>
          <Link to={paths.home}>Return Home</Link>
        </p>
      </Page>
    );
  }
  return <Stats code={code} />;
}

function Stats({ code }: { code: Parameters<typeof getLanguage>[0] }) {
  const language = getLanguage(code);
  const progress = useLanguageProgress(code);
  return (
    <Page title={`${language.name} progress`}>
      <p>
        <Link to={paths.language(code)}>Back to {language.name}</Link>
      </p>
      <QueryState query={progress}>
        {(data) => (
          <LanguageCharts
            progress={data}
            reviewLink={
              <Link to={paths.languageReview(code)} className="btn btn-primary btn-small">
                Review words
              </Link>
            }
          />
        )}
      </QueryState>
      <ExportLinks language={language} />
      <p>
        <Link to={paths.languageImport(code)}>Import words</Link> from a CSV file, a spreadsheet or Quizlet.
      </p>
    </Page>
  );
}
