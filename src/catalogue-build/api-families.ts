/**
 * One listing per API a developer would choose between (issue 13, ADR 19). APIs.guru keeps a
 * document per published version and per cloud service; the build groups them:
 *
 * - Versions of one API (the same provider and title once version words are taken out: "Twilio -
 *   Chat" v1, v2, v3; GitHub's api.github.com and its Enterprise Server releases) are one family;
 *   the family is listed from its preferred document: `x-preferred`, else one whose id carries no
 *   version, else the highest version. The others are skipped as per-version duplicates.
 * - Management-plane documents (Azure Resource Manager: paths under `/providers/Microsoft.*`) are
 *   how resources are created and configured, not services a developer picks for a job; they are
 *   folded into one "Azure Resource Manager" family, listed from its largest document, with the
 *   services it manages as capabilities. Azure's data-plane services (Face, Key Vault, …) stay
 *   listings of their own.
 */

export interface DocumentSummary {
  id: string;
  provider: string;
  title: string;
  preferred: boolean;
  managementPlane: boolean;
  operationCount: number;
}

export interface ApiFamily {
  key: string;
  chosen: DocumentSummary;
  /** The family's other documents, with why each is not listed on its own. */
  skipped: { id: string; reason: string }[];
  /** For the management-plane family: the services its documents manage. */
  managedServices?: string[];
}

const VERSION_WORD = /^(v\d+(?:[._]\d+)*(?:(?:alpha|beta|preview|p)\d*)?|\d+(?:\.\d+)+|\d{4}-\d{2}-\d{2}(?:-preview)?|ii|iii|iv|beta|alpha|preview)$/;

/** "Ad Exchange Buyer API II" → "ad exchange buyer api"; "Twilio - Chat" → "twilio chat". */
export function titleKeyOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[()[\]]/g, ' ')
    .split(/[\s\-–:,]+/)
    .filter((word) => word && !VERSION_WORD.test(word))
    .join(' ');
}

/** The numbers of an id's last segment ("twilio_chat_v3" → [3], "ghes-3.8" → [3, 8]), to order versions; [] when it has none. */
function versionOf(id: string): number[] {
  const last = id.split('/').at(-1)!;
  return (last.match(/\d+/g) ?? []).map(Number);
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Best first: preferred, then no version in the id, then the highest version, then the id. */
function preferenceOrder(a: DocumentSummary, b: DocumentSummary): number {
  if (a.preferred !== b.preferred) return a.preferred ? -1 : 1;
  const [va, vb] = [versionOf(a.id), versionOf(b.id)];
  if ((va.length === 0) !== (vb.length === 0)) return va.length === 0 ? -1 : 1;
  return compareVersions(vb, va) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export const MANAGEMENT_FAMILY = 'azure.com|resource manager';

/** "SqlManagementClient" → "Sql", "Azure Alerts Management Service Resource Provider" → "Alerts". */
export function managedServiceOf(title: string): string {
  const words = title
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\b(Azure|Microsoft|Management|Client|Service|Resource Provider|Resource|Provider|API|APIs|Admin)\b/g, ' ')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length >= 3 ? words : title.trim();
}

export function groupApiFamilies(documents: readonly DocumentSummary[]): ApiFamily[] {
  const groups = new Map<string, DocumentSummary[]>();
  for (const document of documents) {
    const key = document.managementPlane ? MANAGEMENT_FAMILY : `${document.provider}|${titleKeyOf(document.title)}`;
    const group = groups.get(key);
    if (group) group.push(document);
    else groups.set(key, [document]);
  }
  const families: ApiFamily[] = [];
  for (const [key, members] of groups) {
    if (key === MANAGEMENT_FAMILY) {
      const ordered = [...members].sort((a, b) => b.operationCount - a.operationCount || (a.id < b.id ? -1 : 1));
      const chosen = ordered[0]!;
      // The services it manages, those with the most documents first.
      const documentsPerService = new Map<string, number>();
      for (const member of ordered) documentsPerService.set(managedServiceOf(member.title), (documentsPerService.get(managedServiceOf(member.title)) ?? 0) + 1);
      const services = [...documentsPerService].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([service]) => service);
      families.push({
        key,
        chosen,
        skipped: ordered.slice(1).map((member) => ({ id: member.id, reason: `management-plane document, folded into Azure Resource Manager (listed from ${chosen.id})` })),
        managedServices: services,
      });
      continue;
    }
    const ordered = [...members].sort(preferenceOrder);
    const chosen = ordered[0]!;
    families.push({ key, chosen, skipped: ordered.slice(1).map((member) => ({ id: member.id, reason: `another version of ${chosen.title}, listed from ${chosen.id}` })) });
  }
  return families.sort((a, b) => (a.chosen.id < b.chosen.id ? -1 : 1));
}
