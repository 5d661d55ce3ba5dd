import { z } from 'zod';
import { listingSchema } from '../../core/listings/listing.ts';

/** Where the generated JSON Schema of a listing is committed, relative to the project root. */
export const LISTING_JSON_SCHEMA_PATH = 'schema/listing.schema.json';

// A URN rather than an https URL: the project owns no domain to serve the schema from yet.
export const LISTING_JSON_SCHEMA_ID = 'urn:apidex:schema:listing';

/**
 * The JSON Schema (draft 2020-12) of a listing as authored in a catalogue YAML file,
 * generated from `listingSchema` so that editors check a file with the same rules as the loader.
 * It describes the input side: fields that have defaults are optional.
 */
export function buildListingJsonSchema(): Record<string, unknown> {
  const { $schema, ...generated } = z.toJSONSchema(listingSchema, {
    target: 'draft-2020-12',
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      // JSON Schema's "uri" format accepts any scheme; carry over the schema's protocol restriction
      // (e.g. http(s) only) so that editors flag "ftp://…" too.
      if (zodSchema instanceof z.ZodURL) {
        const protocol = zodSchema._zod.def.protocol;
        if (protocol && protocol.source.startsWith('^') && protocol.source.endsWith('$')) {
          jsonSchema.pattern = `${protocol.source.slice(0, -1)}:`;
        }
      }
    },
  });
  return {
    $schema,
    $id: LISTING_JSON_SCHEMA_ID,
    title: 'apidex catalogue listing',
    ...generated,
  };
}

/** The file content of `schema/listing.schema.json`: the schema as stable, readable JSON. */
export function renderListingJsonSchema(): string {
  return `${JSON.stringify(buildListingJsonSchema(), null, 2)}\n`;
}
