import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { parseInput } from '../params.ts';
import { slugInputSchema, type SlugInput } from './slug-input.ts';
import { listingEntryOr404 } from './suggest-slugs.ts';
import { snippetFactsOf } from './snippet-facts.ts';

/** The official SDK's registry facts, as the catalogue build or `apidex enrich` last read them (issue 17). */

export const packageInfoResultSchema = z
  .object({
    slug: z.string(),
    package: z
      .object({
        registry: z.literal('npm'),
        name: z.string(),
        install: z.string().nullable(),
        latestVersion: z.string().nullable(),
        lastReleaseAt: z.string().nullable().describe('When the latest version was published (ISO 8601).'),
        typeDefinitions: z.boolean().nullable().describe('Whether the package ships TypeScript type definitions; null when not read.'),
        deprecated: z.union([z.string(), z.literal(false)]).nullable().describe('The deprecation message of the latest version, false when not deprecated, null when not read.'),
        repositoryUrl: z.string().nullable(),
        weeklyDownloads: z.number().int().nullable().describe('Downloads in the last week; null when not read.'),
        registryUrl: z.string().describe('The registry\'s page of the package.'),
        readAt: z.string().nullable().describe('When these facts were read from the registry.'),
      })
      .nullable()
      .describe('Null when no official package is known for the listing.'),
    message: z.string().optional().describe('Why package is null.'),
  })
  .meta({ id: 'PackageInfoResult' });
export type PackageInfoResult = z.infer<typeof packageInfoResultSchema>;

export async function getPackageInfo({ ctx, input }: { ctx: CoreContext; input: SlugInput }): Promise<PackageInfoResult> {
  const { slug } = parseInput(slugInputSchema, input);
  const entry = await listingEntryOr404(ctx.catalogue, slug);
  const { listing } = entry;
  const checked = snippetFactsOf(listing);
  if (!checked.package) {
    const omitted = checked.omitted.find((fact) => fact.field === 'package.name');
    if (omitted) return { slug, package: null, message: `The package named for ${listing.name} is not shown: ${omitted.reason}.` };
    return { slug, package: null, message: `No official package is known for ${listing.name}${checked.install ? ` (its install line is "${checked.install}", but the registry has not been read for it)` : ''}; call its HTTP API directly (see /api/apis/${slug}/quickstart).` };
  }
  const found = checked.package;
  const inputs = listing.qualityInputs;
  return {
    slug,
    package: {
      registry: found.registry,
      name: found.name,
      install: checked.install ?? null,
      latestVersion: found.latestVersion ?? null,
      lastReleaseAt: found.lastReleaseAt ?? null,
      typeDefinitions: inputs.typeDefinitions?.value ?? null,
      deprecated: found.deprecated ?? null,
      repositoryUrl: found.repositoryUrl ?? null,
      weeklyDownloads: inputs.weeklyDownloads && !inputs.weeklyDownloads.illustrative ? inputs.weeklyDownloads.value : null,
      registryUrl: `https://www.npmjs.com/package/${found.name}`,
      readAt: found.refreshedAt ?? null,
    },
  };
}
