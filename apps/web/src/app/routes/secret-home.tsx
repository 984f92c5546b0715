import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import './secret-home.css';

/** The secret language's home: its quiz, its word list and its translator. */
export function Component() {
  return (
    <Page title="Secret language">
      <p>An invented language of about 80 words. Learn them, then write to friends who know them too.</p>
      <ul className="card-grid secret-links">
        <li className="card">
          <h2>
            <Link to={paths.secretQuiz}>Secret quiz</Link>
          </h2>
          <p>Type the secret word for 70 English words.</p>
        </li>
        <li className="card">
          <h2>
            <Link to={paths.secretWords}>All secret language words</Link>
          </h2>
          <p>The whole list, English beside secret.</p>
        </li>
        <li className="card">
          <h2>
            <Link to={paths.secretTranslator}>Secret translator</Link>
          </h2>
          <p>Turn English into the secret language and back.</p>
        </li>
      </ul>
    </Page>
  );
}
