import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Every link goes somewhere the app serves: the contact page reaches the people who run it, and following along is
 * the daily reminder (no social handle or phone number stands in for one the project does not have).
 */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-columns">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">About</h2>
          <ul>
            <li>
              <Link to={paths.about}>How it works</Link>
            </li>
            <li>
              <Link to={paths.languagesOffered}>Languages offered</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">Follow</h2>
          <ul>
            <li>
              <Link to={paths.settings}>Daily reminder by email</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              <Link to={paths.contact}>Write to us</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} Vocab. All rights reserved.</p>
    </footer>
  );
}
