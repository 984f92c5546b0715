import { Page } from '@/components/ui/page';
import { PlacementTest } from '@/features/placement/components/placement-test';
import { useRouteLanguage } from '@/lib/use-route-language';
import { Component as NotFound } from './not-found';

/** `/placement/<language>`: the placement test, about 3 minutes, then the quiz starts at the learner's level. */
export function Component() {
  const language = useRouteLanguage();
  if (!language) return <NotFound />;
  return (
    <Page title={`${language.name}: find your level`}>
      <PlacementTest key={language.code} language={language} />
    </Page>
  );
}
