#!/usr/bin/env node
// Runs the TypeScript CLI straight from the checkout: `npx apidex <command>`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
