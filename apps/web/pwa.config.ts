import type { VitePWAOptions } from 'vite-plugin-pwa';
import { API_READS_CACHE } from './src/features/quiz/offline/cache-names';

/**
 * The installable app (docs/decisions/0011-offline-practice.md): the manifest, and a Workbox service worker that
 * precaches the app shell, answers every navigation with index.html when the network is gone, and keeps the last
 * answer of the few reads a quiz needs besides its words (who is signed in, their settings, the language's lexicon).
 * The words themselves and the answers waiting to be sent are kept by the app in IndexedDB (features/quiz/offline).
 */
export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  // A script file, not inline code: the server's policy allows scripts from 'self' only.
  injectRegister: 'script-defer',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'images/*.svg'],
  manifest: {
    id: '/',
    name: 'Vocab — learn words that stay',
    short_name: 'Vocab',
    description: 'Learn Spanish, French, German, Italian and Portuguese vocabulary by typing translations.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // --primary and --bg of styles.css (light).
    theme_color: '#0d6b5a',
    background_color: '#f6f5f1',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    navigateFallback: '/index.html',
    // The API's own pages and downloads are never the app shell.
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // The first visit's page is controlled as soon as the worker is ready: its later reads are kept for offline use.
    clientsClaim: true,
    runtimeCaching: [
      {
        // Network first: online they are always fresh; offline the last answer lets a quiz start, and the homes
        // that lead to it (the user home's languages and summary, a language's figures, progress and bands, the
        // generic page's record) show what they last knew, so their Practise links can be followed offline. The app
        // reads them again once this worker controls the page (features/quiz/offline/offline-context.tsx).
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          request.method === 'GET' &&
          new RegExp(
            '^/api/(auth/session|settings|languages|stats/summary|users/languages/[^/]+(/languages/[a-z]+)?' +
              '|[a-z]+/(lexicon|stats|progress|bands))$',
          ).test(url.pathname),
        handler: 'NetworkFirst',
        options: { cacheName: API_READS_CACHE, expiration: { maxEntries: 50, maxAgeSeconds: 7 * 86_400 } },
      },
    ],
  },
};
