/**
 * A Debian package a test needs (a real service in place of a workflow's `services:` container): installed with
 * apt-get when it is missing and the test runs as root, else an error that says how to get it.
 */
import { execFileSync } from 'node:child_process';

export interface AptPackage {
  /** The package apt-get installs. */
  name: string;
  /** Whether what the test needs is there, checked before and after installing. */
  present: () => boolean;
  /** What is missing, in words: `no PostgreSQL server under /usr/lib/postgresql`. */
  missing: string;
  /** How long apt-get may take, in milliseconds. */
  timeoutMs: number;
}

/** Installs `pkg` unless it is present; throws, saying how to get it, when it cannot. */
export function aptInstall(pkg: AptPackage): void {
  if (pkg.present()) return;
  const args = ['install', '-y', '--no-install-recommends', pkg.name];
  const command = `\`apt-get ${args.join(' ')}\``;
  if (process.getuid?.() !== 0)
    throw new Error(`${pkg.missing}: install it with ${command} (Debian/Ubuntu), as root`);
  const aptGet = (what: string[]): void => {
    execFileSync('apt-get', what, {
      stdio: 'pipe',
      timeout: pkg.timeoutMs,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  try {
    try {
      aptGet(args);
    } catch {
      // A fresh machine's package lists may be empty or old: read them, then try once more.
      aptGet(['update']);
      aptGet(args);
    }
  } catch (error) {
    const output = error instanceof Error && 'stderr' in error ? String(error.stderr).slice(-2000) : '';
    throw new Error(`${pkg.missing}, and ${command} failed (after \`apt-get update\`):\n${output}`);
  }
  if (!pkg.present()) throw new Error(`apt-get installed ${pkg.name}, yet ${pkg.missing}`);
}
