/** The parts of the OpenAPI document the reference is arranged by: operations, their tags, the schemas they use. */

export type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  method: string;
  path: string;
  op: Json;
  /** The id of its section on its tag page. */
  anchor: string;
}

export interface Tag {
  name: string;
  slug: string;
  title: string;
  description: string | undefined;
  operations: Operation[];
}

export const operationAnchor = (method: string, path: string) => `op-${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;

export const schemaAnchor = (name: string) => `schema-${name}`;

export const refName = (ref: string) => ref.split('/').at(-1) ?? ref;

export const tagHref = (tag: Tag) => `/docs/api/${tag.slug}`;

/** The OpenAPI document the app serves at /openapi.json (@fastify/swagger's, generated from the routes). */
export const openApiDocumentOf = (app: object): Json => (app as { swagger(): Json }).swagger();

export function operationsOf(document: Json): Operation[] {
  return Object.entries((document.paths ?? {}) as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => (item as Json)[method]).map((method) => ({ method, path, op: (item as Json)[method] as Json, anchor: operationAnchor(method, path) })),
  );
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'other';

/** The document's tags in their declared order (then any undeclared one), each with its operations; empty tags are left out. */
export function tagsOf(document: Json): Tag[] {
  const declared: Json[] = document.tags ?? [];
  const operations = operationsOf(document);
  const names = [...new Set([...declared.map((tag) => String(tag.name)), ...operations.flatMap(({ op }) => (op.tags as string[] | undefined) ?? ['other'])])];
  return names
    .map((name) => ({
      name,
      slug: slugOf(name),
      title: name.charAt(0).toUpperCase() + name.slice(1),
      description: declared.find((tag) => tag.name === name)?.description as string | undefined,
      operations: operations.filter(({ op }) => ((op.tags as string[] | undefined) ?? ['other']).includes(name)),
    }))
    .filter((tag) => tag.operations.length > 0);
}

export const componentSchema = (document: Json, name: string): Json | undefined => document.components?.schemas?.[name];

/** The component schemas the operations refer to, directly or through other schemas, in order of first use. */
export function schemasUsedBy(operations: Operation[], document: Json): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        const name = refName(inner);
        if (!found.includes(name) && componentSchema(document, name)) {
          found.push(name);
          visit(componentSchema(document, name));
        }
      } else visit(inner);
    }
  };
  for (const { op } of operations) visit([op.parameters, op.requestBody, op.responses]);
  return found;
}
