import { getListing, getListingInputSchema } from '../../core/listings/get-listing.ts';
import { listingDetailSchema } from '../../core/listings/listing-detail.ts';
import { detailText } from '../../client/text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const getApiTool: ToolDefinition = {
  name: 'get_api',
  title: 'Read one listing in full',
  description:
    'One listing by its exact slug: description, url, install instruction, capabilities, pricing, both scores with every part ' +
    '(each CLI criterion passed, failed or not assessed, with evidence; each quality input), review statistics and FAQ. ' +
    'Use it after search_apis or discover_apis to inspect a candidate. The slug must be exact: an unknown slug is an error that lists close matches; another listing is never returned in its place.',
  input: sameInput(getListingInputSchema),
  output: listingDetailSchema,
  readOnly: true,
  async run(args, { core }) {
    const detail = await getListing({ ctx: core, input: args as never });
    return { structured: detail, text: detailText(detail) };
  },
};
