/** Debian's Chromium (`apt-get install chromium`): the browser suite and the screenshot tool never download one. */
export const CHROMIUM = '/usr/bin/chromium';

/** Playwright adds its own switches (no first run, no component updates, no sync) to these. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
