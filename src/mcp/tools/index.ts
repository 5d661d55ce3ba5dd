import type { ToolDefinition } from '../tool.ts';
import { compareApisTool } from './compare-apis.ts';
import { discoverApisTool } from './discover-apis.ts';
import { findAlternativesTool } from './find-alternatives.ts';
import { getApiTool } from './get-api.ts';
import { getApiQuickstartTool } from './get-api-quickstart.ts';
import { getPackageInfoTool } from './get-package-info.ts';
import { getProviderTool } from './get-provider.ts';
import { listChangesTool } from './list-changes.ts';
import { getReviewsTool } from './get-reviews.ts';
import { listCategoriesTool } from './list-categories.ts';
import { recommendApiTool } from './recommend-api.ts';
import { searchApisTool } from './search-apis.ts';
import { submitReviewTool } from './submit-review.ts';

/** Every tool the MCP server offers, in the order an agent would use them. */
export const TOOLS: readonly ToolDefinition[] = [
  discoverApisTool,
  searchApisTool,
  getApiTool,
  getProviderTool,
  getApiQuickstartTool,
  getPackageInfoTool,
  compareApisTool,
  findAlternativesTool,
  recommendApiTool,
  listCategoriesTool,
  listChangesTool,
  getReviewsTool,
  submitReviewTool,
];
