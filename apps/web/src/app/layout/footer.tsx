import { Link } from 'react-router';
import { paths } from '@/config/paths';

export const CONTACT_EMAIL = 'hello@vocab.example';
export const CONTACT_PHONE = '+1 555 0100';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-columns">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">About</h2>
          <ul>
            <li><Link to={paths.about}>How it works</Link></li>
            <li><Link to={paths.languagesOffered}>Languages offered</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">Follow</h2>
          <ul>
            <li><a href="https://mastodon.social/" rel="noopener noreferrer">Mastodon</a></li>
            <li><a href="https://github.com/" rel="noopener noreferrer">GitHub</a></li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li><a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a></li>
            <li><a href={`tel:${CONTACT_PHONE.replaceAll(' ', '')}`}>{CONTACT_PHONE}</a></li>
          </ul>
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} Vocab. All rights reserved.</p>
    </footer>
  );
}
