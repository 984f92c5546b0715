import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/api/logout';
import { StreakBadge } from '@/features/stats/components/streak-badge';
import { OfflineIndicator } from '@/features/quiz/components/offline-banner';

/**
 * One row at every width. On a wide screen the links sit in the row; on a narrow one (a phone) they fold behind a
 * "Menu" button, so the header stays one compact row above a quiz. A visitor's links include Settings: accents,
 * theme, daily goal and speech work for guests too.
 */
export function Navbar() {
  const { data: user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLUListElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !menu.current?.contains(document.activeElement)) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="navbar">
      <nav aria-label="Main" className="navbar-inner">
        <Link to={user ? paths.userHome : paths.home} className="brand">
          <BrandMark />
          <span className="brand-name">Vocab</span>
        </Link>
        {user ? <StreakBadge /> : null}
        <OfflineIndicator />
        <button
          type="button"
          ref={menuButton}
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-links"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <MenuIcon />
          <span className="menu-label">Menu</span>
        </button>
        {/* A link followed closes the folded menu, and so does Logout: the page it leaves behind is another one. */}
        <ul
          id="main-links"
          ref={menu}
          className={`nav-links${menuOpen ? ' is-open' : ''}`}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a, [data-closes-menu]')) setMenuOpen(false);
          }}
          onBlur={(e) => {
            // Tab moving focus past the last link closes the folded menu; back to its button keeps it open.
            const to = e.relatedTarget as Node | null;
            if (to && !e.currentTarget.contains(to) && to !== menuButton.current) setMenuOpen(false);
          }}
        >
          <li>
            <NavLink to={paths.home} end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.about}>About</NavLink>
          </li>
          <li>
            <NavLink to={paths.contact}>Contact</NavLink>
          </li>
          {user ? (
            <li>
              <AccountMenu />
            </li>
          ) : (
            <>
              <li>
                <NavLink to={paths.settings}>Settings</NavLink>
              </li>
              <li>
                <NavLink to={paths.login}>Login</NavLink>
              </li>
              <li>
                <NavLink to={paths.signup} className="nav-signup">
                  Signup
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}

/** The brand's mark: a speech bubble with a check, drawn inline. */
function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-7l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"
        fill="currentColor"
      />
      <path
        d="m7.5 10 3 3 6-6"
        fill="none"
        stroke="var(--brand-mark-check)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * "My account" dropdown: a disclosure button. Escape closes it and puts focus back on the button; a click outside,
 * or Tab moving focus out of it, closes it too.
 */
function AccountMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      if (ref.current?.contains(document.activeElement)) toggle.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    // Focus moving to nothing (a click on the page) is the mousedown handler's business.
    if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
  };

  return (
    <div className="dropdown" ref={ref} onBlur={onBlur}>
      <button
        type="button"
        ref={toggle}
        className="dropdown-toggle"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        My account
      </button>
      {open ? (
        <ul id="account-menu" className="dropdown-menu">
          <li>
            <Link to={paths.userProfile} onClick={() => setOpen(false)}>
              User profile
            </Link>
          </li>
          <li>
            <Link to={paths.settings} onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              data-closes-menu
              onClick={() => {
                setOpen(false);
                logout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
