import type { Placement } from './taxonomy.ts';

/**
 * A placement from what an API does, read from its own words (issue 29, ADR 29): the title
 * first, then its tags and description. Used where a source files an API by its provider
 * (APIs.guru's "cloud" for every AWS service, "analytics, media" for every Google one): Amazon
 * Translate is translation, Google Places is maps, Amazon SES is email. Rules are tried in
 * order; the first that matches wins, so the specific come before the general.
 */

const at = (category: Placement['category'], subcategory: string): Placement => ({ category, subcategory });

/** Functions that have a category of their own: a cloud product doing one of these is filed there. */
export const FUNCTION_RULES: readonly [RegExp, Placement][] = [
  [/\btranslat(?:e|ion|or)\b/i, at('Text & Language', 'Translation')],
  [/\b(?:text[- ]to[- ]speech|speech|transcri(?:be|ption)|polly|voice recognition|speaker recognition|voice id)\b/i, at('AI & Machine Learning', 'Speech')],
  [/\b(?:rekognition|computer vision|vision|face(?: api| detection| recognition)?|image analysis|video intelligence|textract|document ai|form recognizer|ocr|panorama|ink recognizer)\b/i, at('AI & Machine Learning', 'Computer Vision')],
  [/\b(?:natural language|comprehend|language understanding|text analytics|sentiment|luis|lex|dialogflow|conversational|comment analyzer|content moderator|qna ?maker)\b/i, at('Text & Language', 'Text Analysis')],
  [/\b(?:geocod(?:e|ing)|places?|maps?|geolocation|directions|routes api|roads|elevation|location service|street ?view|time ?zone api)\b/i, at('Location & Maps', 'Maps & Places')],
  [/\b(?:e-?mail|gmail|simple email service|\bses\b|mail)\b/i, at('Communication', 'Email')],
  [/\b(?:sms|pinpoint|text messages?|voice calls?|telephony|phone numbers?|chime)\b/i, at('Communication', 'SMS & Voice')],
  [/\b(?:notification(?:s| hub| service)?|push messages?|firebase cloud messaging|fcm|simple notification service|chat|messaging)\b/i, at('Communication', 'Messaging & Chat')],
  [/\b(?:custom search|web search|bing (?:web |news |image |video |entity |spell |autosuggest )?search|search console)\b/i, at('Data & Information', 'Web Search')],
  [/\b(?:search|kendra|cloudsearch|opensearch|elasticsearch|retail search|discovery engine)\b/i, at('Data & Information', 'Search')],
  [/\b(?:large language|generative (?:ai|language)|gemini|bedrock|openai|llm|chat completion)\b/i, at('AI & Machine Learning', 'Language Models')],
  [/\b(?:machine learning|sagemaker|automl|vertex ai|ml engine|prediction|personali[sz]e|recommendations? ai|forecast|fraud detector|anomaly detector|lookout for|ai platform|augmented ai|data labeling|\btpu\b|firebase ml|anomaly finder|personalizer)\b/i, at('AI & Machine Learning', 'Machine Learning')],
  [/\b(?:secrets? manager|secret manager|key vault|key management|\bkms\b|certificate manager|certificate authority|cloud hsm|secrets)\b/i, at('Security', 'Secrets Management')],
  [/\b(?:verified permissions|access analyzer|authoriz(?:e|ation) service|authorization ?management)\b/i, at('Authentication & Identity', 'Authorization')],
  [/\boauth ?2?\b/i, at('Authentication & Identity', 'OAuth Providers')],
  [/\b(?:identity|cognito|\biam\b|sign[- ]in|single sign-on|sso|active directory|directory service|access context|authenticat(?:e|ion|or))\b/i, at('Authentication & Identity', 'Identity Platform')],
  [/\b(?:security (?:hub|center|command)|guardduty|inspector|macie|web application firewall|\bwaf\b|shield|firewall|threat|detective|security scanner|web risk|safe ?browsing|abusive experience|recaptcha|audit manager|cloudtrail|control tower|security lake|binary authorization|beyondcorp|sensitive data protection|\bdlp\b|play integrity|app check)\b/i, at('Security', 'Security')],
  [/\b(?:video|media ?(?:convert|live|package|store|tailor|connect)|elastic transcoder|ivs|interactive video|kinesis video|youtube|streaming media|transcoder)\b/i, at('Media', 'Video')],
  [/\b(?:photos?|images?)\b/i, at('Media', 'Photography')],
  [/\b(?:books?)\b/i, at('Media', 'Books')],
  [/\b(?:analytics|bigquery|athena|quicksight|redshift|data studio|looker|dataflow|data ?proc|glue|emr|data pipeline|kinesis|lake formation|clean rooms|data exchange|finspace|hd ?insight|time ?series ?insights)\b/i, at('Analytics & Monitoring', 'Business Intelligence')],
  [/\b(?:monitoring|cloudwatch|synthetics|grafana|prometheus|canar(?:y|ies)|logging|logs|x-?ray|trace|tracing|observability|application insights|error reporting|profiler|debugger|devops guru|monitor ?management|workload monitor|azure metrics)\b/i, at('Analytics & Monitoring', 'Monitoring & Observability')],
  [/\b(?:incident|on-?call|pagerduty)\b/i, at('Analytics & Monitoring', 'Incident Response')],
  [/\b(?:iot|internet of things|greengrass|device (?:management|provisioning)|digital twins?)\b/i, at('IoT & Hardware', 'Internet of Things')],
  [/\b(?:calendar|scheduling)\b/i, at('Business & Productivity', 'Calendar & Scheduling')],
  [/\b(?:sheets|docs|documents?|slides|workdocs|forms)\b/i, at('Business & Productivity', 'Documents')],
  [/\b(?:payments?|billing|pay)\b/i, at('Payments', 'Payment Processing')],
  [/\b(?:advertis(?:ing|ers?)|ad ?words|ads|adsense|admob|ad exchange|ad manager|doubleclick|display & video|real-time bidding|ad experience)\b/i, at('Marketing & Advertising', 'Advertising')],
  [/\b(?:marketing|campaigns?|customer engagement|my business|business profile)\b/i, at('Marketing & Advertising', 'Marketing')],
  [/\b(?:app ?config|evidently|feature flags?|page ?speed|lighthouse|source repositories|cloud build|code ?build|code ?commit|code ?deploy|code ?pipeline|artifact registry|container analysis|code ?guru|code ?catalyst|code ?artifact|code ?star|cloud9|device farm|proton|cloud ?formation|fault injection)\b/i, at('Developer Tools', 'Development')],
  [/\b(?:contact center|connect|customer support|help ?desk)\b/i, at('Business & Productivity', 'Customer Support')],
  [/\b(?:blockchain|ledger|managed blockchain)\b/i, at('Blockchain & Crypto', 'Blockchain')],
  [/\b(?:health(?:care)?|medical|fhir|genomics|life sciences|omics)\b/i, at('Health', 'Health & Medicine')],
  [/\b(?:braket|quantum|ground station)\b/i, at('Science & Math', 'Science & Math')],
  [/\b(?:classroom)\b/i, at('Education', 'Education')],
  [/\b(?:talent solution)\b/i, at('Business & Productivity', 'Jobs & Recruiting')],
  [/\b(?:content api for shopping|manufacturer center)\b/i, at('E-commerce', 'Shopping')],
  [/\b(?:fitness)\b/i, at('Sports & Fitness', 'Sports & Fitness')],
  [/\bfonts\b/i, at('Media', 'Art & Design')],
  [/\b(?:travel impact)\b/i, at('Transportation & Travel', 'Travel')],
  [/\b(?:game services)\b/i, at('Games & Entertainment', 'Games & Comics')],
  [/\b(?:ux report)\b/i, at('Analytics & Monitoring', 'Web Analytics')],
  [/\b(?:proximity beacon|beacons?)\b/i, at('IoT & Hardware', 'Internet of Things')],
  [/\b(?:storage|s3|bucket|file ?share|files|drive|backup|glacier|efs|fsx|blob|block store|snowball|datasync|disaster recovery|recycle bin|data lifecycle|data ?lake ?store)\b/i, at('Cloud Storage & Files', 'Cloud Storage & File Sharing')],
];

/** Infrastructure: what stays under Cloud Infrastructure, in its own subcategory. */
export const INFRASTRUCTURE_RULES: readonly [RegExp, Placement][] = [
  [/\b(?:vector (?:search|database|index)|pinecone|qdrant|weaviate)\b/i, at('Cloud Infrastructure', 'Vector Databases')],
  [/\b(?:database|dynamodb|rds|aurora|sql|spanner|bigtable|firestore|datastore|cosmos ?db|documentdb|neptune|keyspaces|timestream|memorydb|elasticache|redis|memcache|cassandra|mongo|qldb|alloydb)\b/i, at('Cloud Infrastructure', 'Databases')],
  [/\b(?:hosting|app engine admin|amplify)\b/i, at('Cloud Infrastructure', 'Hosting & Deployment')],
  [/\b(?:cdn|cloudfront|front ?door|dns|route ?53|domains?|vpc|virtual network|networking|network|load ?balanc(?:er|ing)|gateway|direct connect|vpn|traffic|ip address|interconnect|private link|app mesh|cloud map|global accelerator)\b/i, at('Cloud Infrastructure', 'Networking & CDN')],
  [/\b(?:compute|ec2|lambda|functions?|batch|container|kubernetes|eks|ecs|gke|fargate|virtual machines?|\bvms?\b|app engine|cloud run|lightsail|elastic beanstalk|auto ?scaling|serverless|instances?|workspaces|app runner)\b/i, at('Cloud Infrastructure', 'Compute')],
];

export interface FunctionText {
  title: string;
  /** Tag names and descriptions, the description, operation summaries: weaker evidence than the title. */
  other?: readonly string[];
}

const firstMatch = (rules: readonly [RegExp, Placement][], text: string): Placement | null => rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/**
 * Rules strong enough to read in an API's other words (tags, description); the rest ("images",
 * "files", "chat") name a function only in a title: an EC2 description mentions machine images.
 */
const STRONG_RULES = 7;

/** The category an API's function has, from its title first, then its other words; null when none names one. */
/** "Azure SearchIndexClient" reads as "Azure Search Index Client". */
const words = (title: string) => title.replace(/([a-z])([A-Z])/g, '$1 $2');
/** A title as written and as split, so a product name written as one word still names its function ("CloudWatch", "DynamoDB"). */
const titleWords = (title: string) => `${title} \n ${words(title)}`;

export function placeByFunction({ title, other = [] }: FunctionText): Placement | null {
  return firstMatch(FUNCTION_RULES, titleWords(title)) ?? firstMatch(FUNCTION_RULES.slice(0, STRONG_RULES), other.join(' \n '));
}

/** The infrastructure subcategory of a cloud product with no function of its own: compute, networking, databases; null when none fits. */
export function placeInfrastructure({ title, other = [] }: FunctionText): Placement | null {
  return firstMatch(INFRASTRUCTURE_RULES, titleWords(title)) ?? firstMatch(INFRASTRUCTURE_RULES, other.join(' \n '));
}
