import type { Placement } from './taxonomy.ts';

/**
 * Each source's categories placed in the taxonomy (ADR 19). A source category missing here is
 * reported by the build, never guessed from the listing's words.
 */

const at = (category: Placement['category'], subcategory: string): Placement => ({ category, subcategory });

/** APIs.guru's `x-apisguru-categories` codes, most specific first: a document with several takes the first of these it has. */
const APIS_GURU: [string, Placement][] = [
  ['payment', at('Payments', 'Payment Processing')],
  ['email', at('Communication', 'Email')],
  ['telecom', at('Communication', 'SMS & Voice')],
  ['messaging', at('Communication', 'Messaging & Chat')],
  ['machine_learning', at('AI & Machine Learning', 'Machine Learning')],
  ['security', at('Security', 'Security')],
  ['location', at('Location & Maps', 'Maps & Places')],
  ['iot', at('IoT & Hardware', 'Internet of Things')],
  ['transport', at('Transportation & Travel', 'Transportation')],
  ['education', at('Education', 'Education')],
  ['text', at('Text & Language', 'Text Analysis')],
  ['storage', at('Cloud Storage & Files', 'Cloud Storage & File Sharing')],
  ['monitoring', at('Analytics & Monitoring', 'Monitoring & Observability')],
  ['hosting', at('Cloud Infrastructure', 'Hosting & Deployment')],
  ['backend', at('Cloud Infrastructure', 'Backend as a Service')],
  ['customer_relation', at('Business & Productivity', 'CRM')],
  ['support', at('Business & Productivity', 'Customer Support')],
  ['forms', at('Business & Productivity', 'Forms & Surveys')],
  ['time_management', at('Business & Productivity', 'Calendar & Scheduling')],
  ['project_management', at('Business & Productivity', 'Project Management')],
  ['developer_tools', at('Developer Tools', 'Development')],
  ['tools', at('Developer Tools', 'Development')],
  ['ecommerce', at('E-commerce', 'Commerce Platforms')],
  ['marketing', at('Marketing & Advertising', 'Marketing')],
  ['financial', at('Finance', 'Financial Data')],
  ['social', at('Social', 'Social Networks')],
  ['entertainment', at('Games & Entertainment', 'Entertainment')],
  ['media', at('Media', 'Media')],
  ['search', at('Data & Information', 'Search')],
  ['collaboration', at('Business & Productivity', 'Collaboration')],
  ['enterprise', at('Business & Productivity', 'Enterprise')],
  ['analytics', at('Analytics & Monitoring', 'Business Intelligence')],
  ['open_data', at('Data & Information', 'Open Data')],
  ['cloud', at('Cloud Infrastructure', 'Cloud Platforms')],
];

const CLOUD_PROVIDERS: Record<string, string> = { 'amazonaws.com': 'Amazon Web Services', 'azure.com': 'Microsoft Azure', 'googleapis.com': 'Google Cloud' };

/**
 * A document's placement from its APIs.guru categories. APIs.guru spells one category of a few
 * documents as separate letters ("s", "e", "c", …); those are joined back before mapping.
 */
export function placeApisGuruCategories(codes: readonly string[], provider: string): Placement | null {
  const joined = codes.every((code) => code.length === 1) && codes.length > 1 ? [codes.join('')] : codes;
  for (const [code, placement] of APIS_GURU) {
    if (!joined.includes(code)) continue;
    if (placement.category === 'Cloud Infrastructure' && placement.subcategory === 'Cloud Platforms' && CLOUD_PROVIDERS[provider]) return at('Cloud Infrastructure', CLOUD_PROVIDERS[provider]!);
    return placement;
  }
  return null;
}

/** The public-apis list's "### Category" headings. */
const PUBLIC_APIS: Record<string, Placement> = {
  Animals: at('Games & Entertainment', 'Animals'),
  Anime: at('Games & Entertainment', 'Anime & Manga'),
  'Anti-Malware': at('Security', 'Anti-Malware'),
  'Art & Design': at('Media', 'Art & Design'),
  'Authentication & Authorization': at('Authentication & Identity', 'Authorization'),
  Blockchain: at('Blockchain & Crypto', 'Blockchain'),
  Books: at('Media', 'Books'),
  Business: at('Business & Productivity', 'Business Data'),
  Calendar: at('Business & Productivity', 'Calendar & Scheduling'),
  'Cloud Storage & File Sharing': at('Cloud Storage & Files', 'Cloud Storage & File Sharing'),
  'Continuous Integration': at('Developer Tools', 'Continuous Integration'),
  Cryptocurrency: at('Blockchain & Crypto', 'Cryptocurrency'),
  'Currency Exchange': at('Finance', 'Currency Exchange'),
  'Data Validation': at('Developer Tools', 'Data Validation'),
  Development: at('Developer Tools', 'Development'),
  Dictionaries: at('Text & Language', 'Dictionaries'),
  'Documents & Productivity': at('Business & Productivity', 'Documents'),
  Email: at('Communication', 'Email'),
  Entertainment: at('Games & Entertainment', 'Entertainment'),
  Environment: at('Weather & Environment', 'Environment'),
  Events: at('Games & Entertainment', 'Events'),
  Finance: at('Finance', 'Financial Data'),
  'Food & Drink': at('Food & Drink', 'Food & Drink'),
  'Games & Comics': at('Games & Entertainment', 'Games & Comics'),
  Geocoding: at('Location & Maps', 'Geocoding'),
  Government: at('Data & Information', 'Government'),
  Health: at('Health', 'Health & Medicine'),
  Jobs: at('Business & Productivity', 'Jobs & Recruiting'),
  'Machine Learning': at('AI & Machine Learning', 'Machine Learning'),
  Music: at('Media', 'Music'),
  News: at('News & Publishing', 'News'),
  'Open Data': at('Data & Information', 'Open Data'),
  'Open Source Projects': at('Developer Tools', 'Open Source Projects'),
  Patent: at('Data & Information', 'Patents'),
  Personality: at('Games & Entertainment', 'Quotes & Personality'),
  Phone: at('Communication', 'Phone Numbers'),
  Photography: at('Media', 'Photography'),
  Programming: at('Developer Tools', 'Programming'),
  'Science & Math': at('Science & Math', 'Science & Math'),
  Security: at('Security', 'Security'),
  Shopping: at('E-commerce', 'Shopping'),
  Social: at('Social', 'Social Networks'),
  'Sports & Fitness': at('Sports & Fitness', 'Sports & Fitness'),
  'Test Data': at('Developer Tools', 'Test Data'),
  'Text Analysis': at('Text & Language', 'Text Analysis'),
  Tracking: at('Transportation & Travel', 'Package Tracking'),
  Transportation: at('Transportation & Travel', 'Transportation'),
  'URL Shorteners': at('Developer Tools', 'URL Shorteners'),
  Vehicle: at('Transportation & Travel', 'Vehicles'),
  Video: at('Media', 'Video'),
  Weather: at('Weather & Environment', 'Weather'),
};

export function placePublicApisCategory(heading: string): Placement | null {
  return PUBLIC_APIS[heading] ?? null;
}
