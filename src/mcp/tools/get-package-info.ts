import { getPackageInfo, packageInfoResultSchema } from '../../core/listings/get-package-info.ts';
import { slugInputSchema } from '../../core/listings/slug-input.ts';
import { packageText } from '../../client/quickstart-text.ts';
import { sameInput, type ToolDefinition } from '../tool.ts';

export const getPackageInfoTool: ToolDefinition = {
  name: 'get_package_info',
  title: "A listed API's official package",
  description:
    "The official SDK of the listing with this exact slug, as its registry was last read: name, install line, latest version and date, type definitions, deprecation, repository, weekly downloads, and when it was read. `package` is null when none is known.",
  input: sameInput(slugInputSchema),
  output: packageInfoResultSchema,
  readOnly: true,
  async run(args, { core }) {
    const result = await getPackageInfo({ ctx: core, input: args as never });
    return { structured: result, text: packageText(result) };
  },
};
