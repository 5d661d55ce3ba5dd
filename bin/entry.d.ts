// Types of bin/entry.js, which stays JavaScript: it runs before anything can compile TypeScript.
export declare const SOURCE_DIR: string;
export declare const DIST_DIR: string;
export declare const BUILD_STAMP: string;
export declare function sourceState(sourceDir?: string): { files: string[]; newestMtimeMs: number };
export declare function distIsFresh(options?: { sourceDir?: string; buildStamp?: string }): boolean;
export declare function importEntry(name: string): Promise<any>;
