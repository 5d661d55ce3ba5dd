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

  it('files permissions, audit trails, developer services, block storage and quantum computing by what they do, not under their cloud', () => {
    expect(placeByFunction({ title: 'Amazon Verified Permissions' })).toEqual({ category: 'Authentication & Identity', subcategory: 'Authorization' });
    expect(placeByFunction({ title: 'AWS CloudTrail' })).toEqual({ category: 'Security', subcategory: 'Security' });
    expect(placeByFunction({ title: 'Amazon CodeGuru Reviewer' })).toEqual({ category: 'Developer Tools', subcategory: 'Development' });
    expect(placeByFunction({ title: 'AWS CloudFormation' })).toEqual({ category: 'Developer Tools', subcategory: 'Development' });
    expect(placeByFunction({ title: 'Amazon Elastic Block Store' })).toEqual({ category: 'Cloud Storage & Files', subcategory: 'Cloud Storage & File Sharing' });
    expect(placeByFunction({ title: 'AWS Lake Formation' })).toEqual({ category: 'Analytics & Monitoring', subcategory: 'Business Intelligence' });
    expect(placeByFunction({ title: 'Amazon Braket' })).toEqual({ category: 'Science & Math', subcategory: 'Science & Math' });
  });

  it('does the same for Google and Azure products filed under their cloud', () => {
    expect(placeByFunction({ title: 'Google Transcoder API' })).toEqual({ category: 'Media', subcategory: 'Video' });
    expect(placeByFunction({ title: 'Google Perspective Comment Analyzer API' })).toEqual({ category: 'Text & Language', subcategory: 'Text Analysis' });
    expect(placeByFunction({ title: 'Google OAuth2 API' })).toEqual({ category: 'Authentication & Identity', subcategory: 'OAuth Providers' });
    expect(placeByFunction({ title: 'Google Classroom API' })).toEqual({ category: 'Education', subcategory: 'Education' });
    expect(placeByFunction({ title: 'Google Fitness API' })).toEqual({ category: 'Sports & Fitness', subcategory: 'Sports & Fitness' });
    expect(placeByFunction({ title: 'Google Public Certificate Authority API' })).toEqual({ category: 'Security', subcategory: 'Secrets Management' });
    expect(placeByFunction({ title: 'Azure Content Moderator' })).toEqual({ category: 'Text & Language', subcategory: 'Text Analysis' });
    expect(placeByFunction({ title: 'Azure MonitorManagementClient' })).toEqual({ category: 'Analytics & Monitoring', subcategory: 'Monitoring & Observability' });
    expect(placeByFunction({ title: 'Azure Personalizer' })).toEqual({ category: 'AI & Machine Learning', subcategory: 'Machine Learning' });
    // Passes and tickets in a wallet are no payment.
    expect(placeByFunction({ title: 'Google Wallet API' })).toBeNull();
  });

  it('leaves a title that names no function to the infrastructure rules', () => {
    expect(placeByFunction({ title: 'Amazon Simple Queue Service' })).toBeNull();
    expect(placeByFunction({ title: 'AWS Lambda' })).toBeNull();
  });
});
