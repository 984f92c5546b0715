import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { LanguageFlag } from '@/features/languages/components/language-flag';

/** Swedish is shipped but not taught yet (PRODUCT.md §2): it reads as coming, and points to what can be practised. */
export function Component() {
  return (
    <Page
      title="Swedish"
      heading={
        <h1 className="language-heading">
          <LanguageFlag code="swedish" />
          Swedish
        </h1>
      }
    >
      <p className="coming-soon">Coming soon...</p>
      <p>
        Its word list is being prepared and checked. Until then, practise another language: your streak and XP count
        across them all.
      </p>
      <p>
        <Link to={paths.languagesOffered} className="btn btn-secondary">
          See the languages offered
        </Link>
      </p>
    </Page>
  );
}
