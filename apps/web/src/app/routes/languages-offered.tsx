import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { LanguageDeck } from '@/features/languages/components/language-deck';

/** Every language with its deck size (`/languages-offered`). */
export function Component() {
  return (
    <Page title="Languages offered">
      <LanguageDeck />
      <p>
        There is also a small invented <Link to={paths.secret}>secret language</Link> to play with.
      </p>
    </Page>
  );
}
