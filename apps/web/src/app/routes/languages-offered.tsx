import { Page } from '@/components/ui/page';
import { LanguageDeck } from '@/features/languages/components/language-deck';

/** Every language with its deck size (`/languages-offered`). */
export function Component() {
  return (
    <Page title="Languages offered">
      <LanguageDeck />
    </Page>
  );
}
