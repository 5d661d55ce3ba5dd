/**
 * The directory's categories and their subcategories (issue 13, ADR 19): one list, mapped from
 * every source's own categories, so the same kind of API lands in one place whatever source it
 * came from. The seed's listings keep the seed's categories, which are part of this list.
 */

export const TAXONOMY = {
  'AI & Machine Learning': ['Machine Learning', 'Language Models', 'Computer Vision', 'Speech'],
  'Analytics & Monitoring': ['Web Analytics', 'Product Analytics', 'Monitoring & Observability', 'Error Tracking', 'Incident Response', 'Business Intelligence'],
  'Authentication & Identity': ['Identity Platform', 'OAuth Providers', 'Authorization'],
  'Blockchain & Crypto': ['Blockchain', 'Cryptocurrency'],
  'Business & Productivity': ['Business Data', 'Calendar & Scheduling', 'Collaboration', 'Customer Support', 'CRM', 'Documents', 'Forms & Surveys', 'Jobs & Recruiting', 'Project Management', 'Enterprise', 'Workflow Automation'],
  'Cloud Infrastructure': ['Amazon Web Services', 'Microsoft Azure', 'Google Cloud', 'Hosting & Deployment', 'Backend as a Service', 'Cloud Platforms', 'Compute', 'Networking & CDN', 'Databases', 'Vector Databases', 'Code Execution Sandboxes'],
  'Cloud Storage & Files': ['Cloud Storage & File Sharing'],
  Communication: ['Real-time & WebSockets', 'Messaging & Chat', 'SMS & Voice', 'Email', 'Phone Numbers'],
  'Data & Information': ['Reference Data', 'Open Data', 'Government', 'Patents', 'Search', 'Web Search', 'Web Scraping & Browser Automation'],
  'Developer Tools': ['API Directories', 'Development', 'Programming', 'Continuous Integration', 'Open Source Projects', 'Test Data', 'Data Validation', 'URL Shorteners'],
  'E-commerce': ['Shopping', 'Commerce Platforms'],
  Education: ['Education'],
  Finance: ['Banking', 'Markets & Trading', 'Currency Exchange', 'Accounting', 'Financial Data'],
  'Food & Drink': ['Food & Drink'],
  'Games & Entertainment': ['Games & Comics', 'Anime & Manga', 'Animals', 'Quotes & Personality', 'Events', 'Entertainment'],
  Health: ['Health & Medicine'],
  'IoT & Hardware': ['Internet of Things'],
  'Location & Maps': ['Geocoding', 'Maps & Places'],
  'Marketing & Advertising': ['Marketing', 'Advertising'],
  Media: ['Music', 'Video', 'Photography', 'Art & Design', 'Books', 'Media'],
  'News & Publishing': ['News'],
  Payments: ['Payment Processing'],
  'Realtime & WebSockets': ['Realtime Messaging'],
  'Science & Math': ['Science & Math'],
  Security: ['Security', 'Anti-Malware', 'Secrets Management'],
  Social: ['Social Networks'],
  'Sports & Fitness': ['Sports & Fitness'],
  'Text & Language': ['Text Analysis', 'Translation', 'Dictionaries'],
  'Transportation & Travel': ['Transportation', 'Vehicles', 'Package Tracking', 'Travel'],
  'Weather & Environment': ['Weather', 'Environment'],
} as const satisfies Record<string, readonly string[]>;

export type Category = keyof typeof TAXONOMY;

export interface Placement {
  category: Category;
  subcategory: string;
}

export const CATEGORIES = Object.keys(TAXONOMY) as Category[];

/** Whether a placement names a category of the taxonomy and one of its subcategories. */
export const isPlacement = (category: string, subcategory?: string): boolean =>
  category in TAXONOMY && (subcategory === undefined || (TAXONOMY[category as Category] as readonly string[]).includes(subcategory));
