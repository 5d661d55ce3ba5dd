import { describe, expect, it } from 'vitest';
import { placeByFunction, placeInfrastructure } from '../../../src/core/taxonomy/place-by-function.ts';

describe('placeByFunction', () => {
  it('reads a product name written as one word as well as split at its capitals', () => {
    expect(placeByFunction({ title: 'Amazon CloudWatch' })).toEqual({ category: 'Analytics & Monitoring', subcategory: 'Monitoring & Observability' });
    expect(placeInfrastructure({ title: 'Amazon DynamoDB' })).toEqual({ category: 'Cloud Infrastructure', subcategory: 'Databases' });
    expect(placeByFunction({ title: 'Azure SearchIndexClient' })).toEqual({ category: 'Data & Information', subcategory: 'Search' });
  });

  it('files synthetic canaries under monitoring, conversational bots under text analysis and remote configuration under development', () => {
    expect(placeByFunction({ title: 'AWS Synthetics' })?.subcategory).toBe('Monitoring & Observability');
    expect(placeByFunction({ title: 'Amazon Managed Grafana' })?.subcategory).toBe('Monitoring & Observability');
    expect(placeByFunction({ title: 'Amazon Lex Runtime V2' })).toEqual({ category: 'Text & Language', subcategory: 'Text Analysis' });
    expect(placeByFunction({ title: 'Amazon AppConfig' })).toEqual({ category: 'Developer Tools', subcategory: 'Development' });
  });

  // Products their source files under their cloud, placed by what they do.
  it.each([
    ['Amazon Verified Permissions', 'Authentication & Identity', 'Authorization'],
    ['AWS CloudTrail', 'Security', 'Security'],
    ['Amazon CodeGuru Reviewer', 'Developer Tools', 'Development'],
    ['AWS CloudFormation', 'Developer Tools', 'Development'],
    ['Amazon Elastic Block Store', 'Cloud Storage & Files', 'Cloud Storage & File Sharing'],
    ['AWS Lake Formation', 'Analytics & Monitoring', 'Business Intelligence'],
    ['Amazon Braket', 'Science & Math', 'Science & Math'],
    ['Google Transcoder API', 'Media', 'Video'],
    ['Google Perspective Comment Analyzer API', 'Text & Language', 'Text Analysis'],
    ['Google OAuth2 API', 'Authentication & Identity', 'OAuth Providers'],
    ['Google Classroom API', 'Education', 'Education'],
    ['Google Fitness API', 'Sports & Fitness', 'Sports & Fitness'],
    ['Google Public Certificate Authority API', 'Security', 'Secrets Management'],
    ['Azure Content Moderator', 'Text & Language', 'Text Analysis'],
    ['Azure MonitorManagementClient', 'Analytics & Monitoring', 'Monitoring & Observability'],
    ['Azure Personalizer', 'AI & Machine Learning', 'Machine Learning'],
  ])('files %s under %s / %s, not under its cloud', (title, category, subcategory) => {
    expect(placeByFunction({ title })).toEqual({ category, subcategory });
  });

  it('leaves Google Wallet to its cloud: passes and tickets in a wallet are no payment', () => {
    expect(placeByFunction({ title: 'Google Wallet API' })).toBeNull();
  });

  it('leaves a title that names no function to the infrastructure rules', () => {
    expect(placeByFunction({ title: 'Amazon Simple Queue Service' })).toBeNull();
    expect(placeByFunction({ title: 'AWS Lambda' })).toBeNull();
  });
});
