import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <Page title="About">
      <h2>How it works</h2>
      <p>
        You see a word and type its translation. Every answer tells the app how well you know that word, and it brings
        each word back just before you would forget it — so your practice time goes to the words that need it.
      </p>
      <p>
        Typos and missing accents are forgiven with a gentle note; a wrong answer shows the right one. Start as a guest
        on any <Link to={paths.languagesOffered}>language</Link>; sign up whenever you like and your progress comes with you.
      </p>
      <h2>Planned features</h2>
      <ul>
        <li>Full vocabulary lists</li>
        <li>Level-based selections</li>
        <li>Initial placement tests</li>
        <li>Regional vocabulary</li>
      </ul>
    </Page>
  );
}
