import { describe, expect, it } from 'vitest';
import { npmPackageNameOf } from '../../src/enrich/npm/package-name-of.ts';
import { repositoryUrlOf, typesPackageOf } from '../../src/enrich/npm/read-npm-package.ts';

describe('the npm package of an install instruction', () => {
  it.each([
    ['npm install some-sdk', 'some-sdk'],
    ['npm i ably', 'ably'],
    ['npm install @scope/pkg', '@scope/pkg'],
    ['npm install --save @supabase/supabase-js@^2', '@supabase/supabase-js'],
    ['npm i pusher-js@latest', 'pusher-js'],
    ['yarn add pusher-js', 'pusher-js'],
    ['pnpm add -D @types/node', '@types/node'],
    ['bun add left-pad', 'left-pad'],
    ['$ npm install ably', 'ably'],
    ['npm install --registry https://example.org ably', 'ably'],
    ['mkdir app && cd app && npm install ably', 'ably'],
    ['npm install @aws-sdk/client-s3 @aws-sdk/lib-storage', '@aws-sdk/client-s3'],
  ])('%s → %s', (install, name) => {
    expect(npmPackageNameOf(install)).toEqual({ name });
  });

  it.each([
    [undefined, 'no install instruction'],
    ['pip install requests', 'is not an npm, yarn, pnpm or bun install command'],
    ['npx create-something', 'is not an npm, yarn, pnpm or bun install command'],
    ['npm install', 'names no package to install'],
    ['npm install github:user/repo', 'which is not a package from the npm registry'],
    ['npm install ./local-folder', 'which is not a package from the npm registry'],
    ['npm install https://example.org/pkg.tgz', 'which is not a package from the npm registry'],
    ['npm install Not_Valid', 'is not a valid npm package name'],
  ])('%s has no npm package: %s', (install, reason) => {
    const result = npmPackageNameOf(install);
    expect(result.name).toBeUndefined();
    expect('reason' in result && result.reason).toContain(reason);
  });
});

describe('repository URLs from package.json', () => {
  it.each([
    ['ably/ably-js', 'https://github.com/ably/ably-js'],
    ['github:user/repo', 'https://github.com/user/repo'],
    ['gitlab:user/repo', 'https://gitlab.com/user/repo'],
    [{ type: 'git', url: 'git+https://github.com/pusher/pusher-js.git' }, 'https://github.com/pusher/pusher-js'],
    [{ type: 'git', url: 'https://github.com/pusher/pusher-js.git' }, 'https://github.com/pusher/pusher-js'],
    ['git://github.com/request/request.git', 'https://github.com/request/request'],
    ['git+ssh://git@github.com/x/y.git', 'https://github.com/x/y'],
    [{ url: 'git@github.com:stevemao/left-pad.git', type: 'git' }, 'https://github.com/stevemao/left-pad'],
    ['https://www.ably.io/', 'https://www.ably.io'],
  ])('%o → %s', (repository, url) => {
    expect(repositoryUrlOf(repository)).toBe(url);
  });

  it.each([[undefined], [''], [42], [{ type: 'git' }], ['javascript:alert(1)'], ['ftp://example.org/x']])('%o → null', (repository) => {
    expect(repositoryUrlOf(repository)).toBeNull();
  });

  it('names the @types package of plain and scoped names', () => {
    expect(typesPackageOf('request')).toBe('@types/request');
    expect(typesPackageOf('@supabase/supabase-js')).toBe('@types/supabase__supabase-js');
  });
});
