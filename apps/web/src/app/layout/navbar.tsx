import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/api/logout';
import { StreakBadge } from '@/features/progress/components/streak-badge';

export function Navbar() {
  const { data: user } = useSession();
  return (
    <header className="navbar">
      <nav aria-label="Main" className="navbar-inner">
        <Link to={user ? paths.userHome : paths.home} className="brand">
          Vocab
        </Link>
        <ul className="nav-links">
          <li><NavLink to={paths.home} end>Home</NavLink></li>
          <li><NavLink to={paths.about}>About</NavLink></li>
          <li><NavLink to={paths.contact}>Contact</NavLink></li>
          {user ? (
            <>
              <li><StreakBadge /></li>
              <li><AccountMenu /></li>
            </>
          ) : (
            <>
              <li><NavLink to={paths.login}>Login</NavLink></li>
              <li><NavLink to={paths.signup}>Signup</NavLink></li>
            </>
          )}
        </ul>
      </nav>
    </header>
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
      <button type="button" ref={toggle} className="dropdown-toggle" aria-expanded={open} aria-controls={open ? 'account-menu' : undefined} onClick={() => setOpen((o) => !o)}>
        My account
      </button>
      {open ? (
        <ul id="account-menu" className="dropdown-menu">
          <li>
            <Link to={paths.userProfile} onClick={() => setOpen(false)}>User profile</Link>
          </li>
          <li>
            <Link to={paths.settings} onClick={() => setOpen(false)}>Settings</Link>
          </li>
          <li>
            <button
              type="button"
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
