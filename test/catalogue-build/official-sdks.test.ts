import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confirmOfficialSdk, sdkEntryFor, trimRegistryDocument, type RecordedPackage } from '../../src/catalogue-build/official-sdks.ts';

/** The official-SDK rule on registry documents recorded from the npm registry (catalog-sources/npm-registry). */

const recorded = (file: string): RecordedPackage => JSON.parse(readFileSync(`test/fixtures/catalogue-build/sources/npm-registry/${file}.json`, 'utf8'));
const entry = (overrides: Partial<{ package: string; documents: string[]; organisations: string[]; domains: string[] }> = {}) => ({
  package: 'stripe',
  documents: ['stripe.com'],
  organisations: ['stripe'],
  domains: ['stripe.com'],
  ...overrides,
});

describe('confirmOfficialSdk', () => {
  it("passes when the registry document's repository is under the provider's organisation, pointing at that field", () => {
    const stripe = recorded('stripe');
    const result = confirmOfficialSdk(entry(), stripe);
    if ('reason' in result) throw new Error(result.reason);
    const version = stripe['dist-tags'].latest!;
    expect(result.officialSdk).toMatchObject({ status: 'passed', source: 'npm-registry', pointer: `#/versions/${version}/repository` });
    expect(result.officialSdk.evidence).toContain('https://github.com/stripe/stripe-node');
    expect(result.officialSdk.evidence).toContain(`(read ${stripe.recordedFrom.readAt})`);
    expect(result.install).toBe('npm install stripe');
    expect(result.package).toMatchObject({ name: 'stripe', registry: 'npm', latestVersion: version, deprecated: false, repositoryUrl: 'https://github.com/stripe/stripe-node' });
    // Types through an `exports` "types" condition count, as the enricher reads them.
    expect(result.qualityInputs.typeDefinitions).toMatchObject({ value: true, source: 'npm registry' });
    expect(result.source).toMatchObject({ id: 'npm-registry', url: 'https://registry.npmjs.org/stripe', asOf: stripe.recordedFrom.readAt });
  });

  it('accepts a homepage on one of the provider\'s domains when the repository is elsewhere', () => {
    const result = confirmOfficialSdk(entry({ organisations: ['someone-else'], domains: ['github.com'] }), recorded('stripe'));
    expect('reason' in result ? result.reason : result.officialSdk.pointer).toMatch(/\/homepage$/);
  });

  it('refuses a package the document does not tie to the provider, and one never recorded', () => {
    const refused = confirmOfficialSdk(entry({ package: 'openai', organisations: ['not-openai'], domains: ['example.org'] }), recorded('openai'));
    expect(refused).toEqual({ reason: expect.stringMatching(/names neither a repository under not-openai nor a homepage on example\.org/) });
    expect(confirmOfficialSdk(entry({ package: 'left-pad' }), undefined)).toEqual({ reason: 'no recorded registry document for left-pad' });
  });
});

describe('sdkEntryFor', () => {
  const mapping = [entry(), entry({ package: 'twilio', documents: ['twilio.com/*'], organisations: ['twilio'] })];
  it('matches a document exactly or through provider/*', () => {
    expect(sdkEntryFor(mapping, 'stripe.com')?.package).toBe('stripe');
    expect(sdkEntryFor(mapping, 'twilio.com/twilio_chat_v2')?.package).toBe('twilio');
    expect(sdkEntryFor(mapping, 'stripe.com/other')).toBeUndefined();
  });
});

describe('trimRegistryDocument', () => {
  it('keeps the latest version under its own path, so pointers resolve in the full document too', () => {
    const full = {
      name: 'x',
      'dist-tags': { latest: '2.0.0' },
      time: { '1.0.0': '2020-01-01T00:00:00.000Z', '2.0.0': '2021-01-01T00:00:00.000Z' },
      versions: { '1.0.0': { name: 'x', version: '1.0.0' }, '2.0.0': { name: 'x', version: '2.0.0', repository: 'github:acme/x', scripts: { test: 'x' }, dependencies: { y: '1' } } },
    };
    expect(trimRegistryDocument(full, { url: 'https://registry.npmjs.org/x', readAt: '2026-11-24' })).toEqual({
      name: 'x',
      'dist-tags': { latest: '2.0.0' },
      time: { '2.0.0': '2021-01-01T00:00:00.000Z' },
      versions: { '2.0.0': { name: 'x', version: '2.0.0', repository: 'github:acme/x' } },
      recordedFrom: { url: 'https://registry.npmjs.org/x', readAt: '2026-11-24' },
    });
  });
});
