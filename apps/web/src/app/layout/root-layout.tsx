import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { OfflineSession } from './offline-session';
import { ThemeSync } from './theme-sync';

/** Every route change scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <ThemeSync />
      <OfflineSession />
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
