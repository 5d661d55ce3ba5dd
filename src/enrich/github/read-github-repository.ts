import type { EnrichSettings } from '../enrich-settings.ts';
import { fetchJson, FetchJsonError, type FetchJsonOptions } from '../fetch-json.ts';

/**
 * What GitHub's REST API says about an SDK's repository (issue 30): its stars
 * (GET /repos/{owner}/{repo}, `stargazers_count`) and its issue close ratio, closed issues over
 * all issues, pull requests left out (GET /search/issues?q=repo:{owner}/{repo} type:issue
 * state:closed and state:open, `total_count`). Read only with a token; requests are spaced by
 * `minIntervalMs` across all callers (the search API allows 30 a minute with a token), so a
 * large catalogue stays under GitHub's limits.
 */

export interface GithubReading {
  repository: string;
  stars: number;
  /** Null when the repository has no issues at all: no ratio to give. */
  issueCloseRatio: number | null;
  openIssues: number;
  closedIssues: number;
}

export class GithubReadError extends Error {
  override name = 'GithubReadError';
}

/** "https://github.com/stripe/stripe-node" (or .git, or a tree path) → "stripe/stripe-node"; null when not a GitHub repository. */
export function githubRepositoryOf(url: string | null | undefined): string | null {
  const match = url ? /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?:[/#?].*)?$/i.exec(url) : null;
  return match ? `${match[1]}/${match[2]}` : null;
}

export type GithubReadOptions = Pick<FetchJsonOptions, 'fetch' | 'sleep' | 'random' | 'onRetry'> & {
  settings: EnrichSettings;
  pace: () => Promise<void>;
};

export async function readGithubRepository(repository: string, options: GithubReadOptions): Promise<GithubReading> {
  const github = options.settings.github;
  if (!github?.token) throw new GithubReadError('no GITHUB_TOKEN: GitHub is not read without one');
  const base = github.apiUrl.replace(/\/$/, '');
  const get = async (path: string) => {
    await options.pace();
    try {
      const result = await fetchJson(`${base}${path}`, {
        retry: options.settings.retry,
        headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${github.token}`, 'x-github-api-version': '2022-11-28', 'user-agent': 'apidex-enrich' },
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.random ? { random: options.random } : {}),
        ...(options.onRetry ? { onRetry: options.onRetry } : {}),
      });
      if (result.kind === 'not-found') throw new GithubReadError(`GitHub has no repository ${repository} (HTTP ${result.status})`);
      return result.body as Record<string, unknown>;
    } catch (error) {
      if (error instanceof FetchJsonError) throw new GithubReadError(error.message.replace(github.token!, '***'));
      throw error;
    }
  };
  const repo = await get(`/repos/${repository}`);
  const stars = repo.stargazers_count;
  if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 0) throw new GithubReadError(`GitHub's answer for ${repository} has no stargazers_count`);
  const count = async (state: 'open' | 'closed') => {
    const body = await get(`/search/issues?q=${encodeURIComponent(`repo:${repository} type:issue state:${state}`)}&per_page=1`);
    const total = body.total_count;
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) throw new GithubReadError(`GitHub's issue search for ${repository} has no total_count`);
    return total;
  };
  const closedIssues = await count('closed');
  const openIssues = await count('open');
  const all = closedIssues + openIssues;
  return { repository, stars, openIssues, closedIssues, issueCloseRatio: all === 0 ? null : Math.round((closedIssues / all) * 1000) / 1000 };
}
