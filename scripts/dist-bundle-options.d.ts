// Types of scripts/dist-bundle-options.js, which stays JavaScript: `npm run build` runs it before anything can compile TypeScript.
import type { BuildOptions } from 'esbuild';
export declare const BUNDLED_PACKAGES: string[];
export declare const DIST_BUNDLE_OPTIONS: BuildOptions & { plugins: NonNullable<BuildOptions['plugins']> };
