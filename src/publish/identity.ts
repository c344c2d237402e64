/**
 * Who the token is, so that perf-gate updates only comments it wrote itself (issue 23): anyone can start a comment
 * with the marker, and a pull request's author who did would get every later report written into a comment they
 * can edit. GitHub's GraphQL `viewer` answers for every kind of token: a GitHub App's installation token (the
 * GITHUB_TOKEN is one: `github-actions[bot]`) and a person's token alike; REST `GET /user` answers only for a
 * person's (403 for an installation token). When neither answers, the token is taken for the GITHUB_TOKEN.
 */
import type { Octokit } from './client.ts';

export interface TokenIdentity {
  login: string;
  /** The account's database id (a comment's `user.id`); undefined when it could not be learnt. */
  id: number | undefined;
  /** A GitHub App's bot (`…[bot]`): its comments are of `type` Bot, which no person can be. */
  bot: boolean;
  /** How it was learnt. */
  source: 'graphql' | 'rest' | 'assumed';
}

/** The GITHUB_TOKEN's account, when nothing better can be learnt. */
export const ACTIONS_BOT: TokenIdentity = {
  login: 'github-actions[bot]',
  id: undefined,
  bot: true,
  source: 'assumed',
};

interface Author {
  login?: string | undefined;
  id?: number | undefined;
  type?: string | undefined;
}

/** Who the token is (see the file's comment); never throws. */
export async function tokenIdentity(octokit: Octokit): Promise<TokenIdentity> {
  try {
    const answer = await octokit.graphql<{ viewer: { login: string; databaseId: number | null } }>(
      'query { viewer { login databaseId } }',
    );
    const { login, databaseId } = answer.viewer;
    if (typeof login === 'string' && login !== '') {
      return { login, id: databaseId ?? undefined, bot: login.endsWith('[bot]'), source: 'graphql' };
    }
  } catch {
    // No GraphQL here (or it failed): try REST.
  }
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return { login: data.login, id: data.id, bot: data.type === 'Bot', source: 'rest' };
  } catch {
    // 403 "Resource not accessible by integration": an installation token, most likely the GITHUB_TOKEN.
    return ACTIONS_BOT;
  }
}

/**
 * Whether a comment by `author` was written by the token: the same account (login, and id when known), and for a
 * bot, a comment of type Bot. A person's comment is never a bot's, whatever its login says.
 */
export function writtenBy(author: Author | null | undefined, identity: TokenIdentity): boolean {
  if (!author || author.login !== identity.login) return false;
  if (identity.id !== undefined && author.id !== identity.id) return false;
  return identity.bot ? author.type === 'Bot' : author.type !== 'Bot';
}
