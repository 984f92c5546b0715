import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** The About page, with the planned features (those built since are under what you can do). */
export function Component() {
  return (
    <Page title="About">
      <h2 id="how-it-works">How it works</h2>
      <p>
        You see a word and type its translation. Every answer tells the app how well you know that word, and it brings
        each word back just before you would forget it — so your practice time goes to the words that need it.
      </p>
      <p>
        Typos and missing accents are forgiven with a gentle note; a wrong answer shows the right one. Start as a guest
        on any <Link to={paths.languagesOffered}>language</Link>; <Link to={paths.signup}>sign up</Link> whenever you
        like and your progress comes with you.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>Practise both ways: from the foreign word to English, and from English to the foreign word.</li>
        <li>Review the words that are due, at the moment they are due.</li>
        <li>Hear each word spoken by your browser.</li>
        <li>Add words of your own to any language.</li>
        <li>Follow your progress: words learned, answers per day, what you remember, and the reviews coming up.</li>
        <li>Keep a streak, set a daily goal and collect XP.</li>
        <li>Use it with the keyboard alone, in a light or a dark theme.</li>
        <li>Install it as an app and keep practising offline: your answers are sent when you are back online.</li>
        <li>Find your level with a placement test of about 3 minutes, so you do not learn again the words you know.</li>
        <li>See each language&apos;s words in levels of 500, most common first, and start the next level early.</li>
      </ul>
      <h2>Planned features</h2>
      <ul>
        <li>Full vocabulary lists</li>
        <li>Regional vocabulary</li>
      </ul>
    </Page>
  );
}
