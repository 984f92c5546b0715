import { useEffect, useRef, useState } from 'react';
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

/** "My account" dropdown: a disclosure button; Escape and a click outside close it. */
function AccountMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="dropdown-toggle" aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen((o) => !o)}>
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
