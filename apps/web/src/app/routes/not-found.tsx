import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <Page title="Page not found" heading={<h1>Error 404 Page Not Found</h1>}>
      <p>
        <Link to={paths.home}>Return Home</Link>
      </p>
      <p>
        <Link to={paths.languagesOffered}>See the languages offered</Link>
      </p>
    </Page>
  );
}
