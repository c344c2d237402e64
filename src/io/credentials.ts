/**
 * Credentials that actions/checkout leaves in the repository's git config (`persist-credentials`, the default): an
 * `http.<url>.extraheader` with the job's token, in .git/config or in a file it includes, or a token in a remote's
 * URL. The pull request's install, build and servers run in that repository and can read them (docs/security.md).
 */
import { git } from './git.ts';

/** Where the repository at `root` keeps a credential, e.g. `http.https://github.com/.extraheader (file:.git/config)`; never the value. */
export async function persistedCredentials(root: string): Promise<string[]> {
  const found: string[] = [];
  const lines = async (args: string[]): Promise<string[]> => {
    try {
      return (await git(root, args)).split('\n').filter((line) => line.trim() !== '');
    } catch {
      return []; // exit code 1: none
    }
  };
  for (const line of await lines([
    'config',
    '--show-origin',
    '--name-only',
    '--get-regexp',
    '^http\\..*\\.extraheader$',
  ])) {
    const [origin, key] = line.split('\t');
    found.push(`\`${key ?? origin}\`${key ? ` (${origin})` : ''}`);
  }
  for (const line of await lines(['config', '--show-origin', '--get-regexp', '^remote\\..*\\.url$'])) {
    const [origin, rest = ''] = line.split('\t');
    const [key, url = ''] = rest.split(' ');
    if (/^https?:\/\/[^/@\s]+@/i.test(url)) found.push(`a token in \`${key}\` (${origin})`);
  }
  return found;
}
