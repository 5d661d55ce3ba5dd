import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePublicApisMarkdown, readPublicApisMarkdown, splitTableRow } from '../../src/ingest/public-apis-md/read-public-apis-markdown.ts';
import type { SourceItem, ValidSourceItem } from '../../src/ingest/source-items.ts';

const LIST = path.resolve('..', 'shared', 'corpus', 'public-apis-README.md');
const valid = (items: SourceItem[]) => items.filter((item): item is ValidSourceItem => item.status === 'valid');

describe('readPublicApisMarkdown on the published list', () => {
  it('reads every API row (1,706) as a valid item, under its heading, with name and url from the link', async () => {
    const items = await readPublicApisMarkdown(LIST);
    expect(items).toHaveLength(1706);
    expect(items.filter((item) => item.status !== 'valid')).toEqual([]);
    const first = valid(items).find((item) => item.listing.name === 'AdoptAPet')!;
    expect(first.where).toBe('line 130 (Animals)');
    expect(first.listing).toMatchObject({ slug: 'adoptapet', category: 'Animals', url: 'https://www.adoptapet.com/public/apis/pet_list.html', description: 'Resource to help get pets adopted' });
    // Auth "apiKey": a static key a script reads from the environment, no browser (ADR 18).
    expect(first.listing.cliCriteria).toEqual({
      envVarAuth: { status: 'passed', evidence: 'public-apis:public-apis-README.md#L130: Auth "apiKey": a static API key, which a script reads from an environment variable', source: 'public-apis', pointer: '#L130' },
      headless: { status: 'passed', evidence: 'public-apis:public-apis-README.md#L130: Auth "apiKey": a static API key needs no browser step, so it works in CI', source: 'public-apis', pointer: '#L130' },
    });
    expect(first.listing.access).toEqual({ auth: { value: ['apiKey'], source: 'public-apis', pointer: '#L130' }, https: { value: true, source: 'public-apis', pointer: '#L130' }, cors: { value: 'yes', source: 'public-apis', pointer: '#L130' } });
    expect(first.alternativeSlugs).toEqual(['adoptapet-animals']);

    const axolotl = valid(items).find((item) => item.listing.name === 'Axolotl')!;
    expect(axolotl.listing.cliCriteria.envVarAuth).toEqual({ status: 'passed', evidence: 'public-apis:public-apis-README.md#L131: Auth "No": no credentials, so nothing needs a browser sign-in', source: 'public-apis', pointer: '#L131' });
    expect(axolotl.listing.cliCriteria.headless?.status).toBe('passed');
    const oauth = valid(items).find((item) => item.listing.name === 'AniAPI')!;
    expect(Object.values(oauth.listing.cliCriteria).map((result) => result?.status)).toEqual(['not_assessed', 'not_assessed']);

    // The sponsored table has no Auth column; its heading is its category, its urls lose tracking parameters.
    const sponsored = valid(items).find((item) => item.listing.name === 'IPstack')!;
    expect(sponsored.listing).toMatchObject({ category: 'APILayer APIs', url: 'https://ipstack.com/' });
    expect(sponsored.notes).toEqual(['url: tracking parameters removed (utm_source, utm_medium, utm_campaign)']);
    // A row with an extra trailing cell still reads.
    expect(valid(items).find((item) => item.listing.name === 'Discord')!.listing.category).toBe('Social');
  });
});

describe('parsePublicApisMarkdown on edge cases', () => {
  const list = [
    '# A list',
    'Intro with a | pipe but no table after it',
    '',
    '### Tools & Things',
    'API | Description | Auth | HTTPS | CORS',
    '|---|---|---|---|---|',
    '| [Pipe \\| Co](https://pipe.example/docs "title") | Splits a \\| b | `apiKey` | Yes | No |',
    '| Plain Name | No link here | No | Yes | Yes |',
    '| [Relative](docs/api.md) | A relative link | `OAuth` | Yes | Unknown |',
    '| [Empty Description](https://empty.example) |  | No | Yes | No |',
    '| [語](https://kanji.example) | A name with no Latin letters | No | Yes | No |',
    '',
    '### Contributors',
    '| Name | Commits |',
    '|---|---|',
    '| someone | 12 |',
  ].join('\n');
  const items = parsePublicApisMarkdown(list, 'list.md');

  it('reads escaped pipes, titles in links, rows without links, and passes over tables that are not API lists', () => {
    expect(items).toHaveLength(5);
    expect(items[0]).toMatchObject({ status: 'valid', where: 'line 7 (Tools & Things)', listing: { name: 'Pipe | Co', url: 'https://pipe.example/docs', description: 'Splits a | b', category: 'Tools & Things' } });
    expect(items[1]).toMatchObject({ status: 'valid', listing: { slug: 'plain-name', name: 'Plain Name' }, notes: ['url: the API cell has no link, so the listing has none'] });
    expect((items[1] as ValidSourceItem).listing.url).toBeUndefined();
    expect(items[2]).toMatchObject({ status: 'valid', notes: [expect.stringContaining('"docs/api.md" is not an absolute http(s) URL')] });
  });

  it('fails a row that cannot be a listing, saying the fix, and keeps the others', () => {
    expect(items[3]).toMatchObject({ status: 'failed', slug: 'empty-description', reason: expect.stringContaining('the Description cell of line 10 is empty; write what the API does') });
    expect(items[4]).toMatchObject({ status: 'failed', reason: expect.stringContaining('no Latin letters or digits to make a slug from') });
  });

  it('splits table rows with or without outer pipes', () => {
    expect(splitTableRow('API | Description | Auth ')).toEqual(['API', 'Description', 'Auth']);
    expect(splitTableRow('| a | b \\| c | |')).toEqual(['a', 'b | c', '']);
  });
});
