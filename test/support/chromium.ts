/**
 * Headless Chromium for the tests that look at a page as a browser lays it out (the comment, the history page):
 * Debian's package, installed with apt-get when missing and the test runs as root, else an error that says how.
 */
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.ts';

const PLACES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser's path, installing Debian's `chromium` first when there is none. */
export function chromium(): string {
  aptInstall({
    name: 'chromium',
    present: () => PLACES.some((path) => existsSync(path)),
    missing: `no Chromium (${PLACES.join(', ')})`,
    timeoutMs: 600_000,
  });
  return PLACES.find((path) => existsSync(path))!;
}
