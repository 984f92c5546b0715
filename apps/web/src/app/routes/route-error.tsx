import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';

/** Shown when a screen fails to load or throws: never a blank page. */
export function RouteError() {
  return (
    <section className="page">
      <ErrorBox title="Error loading">
        Something went wrong while showing this page. <Link to={paths.home}>Return Home</Link>
      </ErrorBox>
    </section>
  );
}
