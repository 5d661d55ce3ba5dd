import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, any>;

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted' };

const refName = (schema: JsonSchema) => (typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined);

/**
 * A response as @fastify/swagger should document it. Without a description it would print
 * "Default Response", so a success says its status and the shape of its body. A body that is
 * not JSON (a badge, a feed) names its media type with `contentMediaType` in the route's zod
 * schema, and is documented under that type instead of application/json.
 */
function documentedResponse(status: string, schema: JsonSchema): JsonSchema {
  if (schema.content) return schema;
  if (typeof schema.contentMediaType === 'string') {
    const { contentMediaType, description, ...body } = schema;
    return { description: description ?? SUCCESS[status] ?? status, content: { [contentMediaType]: { schema: body } } };
  }
  if (schema.description || schema['x-response-description'] || !SUCCESS[status]) return schema;
  const name = refName(schema);
  // @fastify/swagger reads a referenced schema's sibling description, an inline one's x-response-description.
  return name ? { ...schema, description: `${SUCCESS[status]}: a ${name}.` } : { ...schema, 'x-response-description': `${SUCCESS[status]}.` };
}

/**
 * jsonSchemaTransform (zod to JSON Schema), then each response made documentable: only the
 * document changes, the routes keep serialising with the schemas they were given.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const responses = output.schema?.response as Record<string, JsonSchema> | undefined;
  if (responses) for (const status of Object.keys(responses)) responses[status] = documentedResponse(status, responses[status]!);
  return output;
};
