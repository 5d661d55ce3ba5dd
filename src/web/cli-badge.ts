import type { CliRelevance } from '../core/scoring/cli-relevance.ts';
import { escapeXml } from './xml.ts';

type BadgeScore = Pick<CliRelevance, 'status' | 'score' | 'range' | 'wording'>;

/**
 * The CLI relevance badge for README files (issue 17): "CLI relevance | 8/10 excellent", the
 * value's colour by the seed's wording (excellent from 8, moderate below), a range for a
 * partly assessed listing, "not scored" when nothing is. A plain SVG with no script, no
 * external reference, and the listing's name escaped in its title.
 */

const COLOURS = { excellent: '#2e7d32', moderate: '#a15c00', range: '#4b6584', unscored: '#6b7280' } as const;
const LABEL = 'CLI relevance';


/** Width of text in 11 px Verdana, near enough for a badge: wide letters and digits count more. */
const textWidth = (text: string) => Math.round([...text].reduce((sum, char) => sum + (/[mwMW]/.test(char) ? 9.5 : /[A-Z0-9]/.test(char) ? 7.5 : /[ il.,:/|'()]/.test(char) ? 3.5 : 6.2), 0));

export function cliBadgeValue(cli: BadgeScore): { text: string; colour: string } {
  if (cli.status === 'complete' && cli.score !== null) return { text: `${cli.score}/10 ${cli.wording}`, colour: COLOURS[cli.wording ?? 'moderate'] };
  if (cli.status === 'partial' && cli.range) {
    const { min, max } = cli.range;
    return { text: `${min}–${max}/10${cli.wording ? ` ${cli.wording}` : ''}`, colour: cli.wording ? COLOURS[cli.wording] : COLOURS.range };
  }
  return { text: 'not scored', colour: COLOURS.unscored };
}

export function cliBadgeSvg(name: string, cli: BadgeScore): string {
  const value = cliBadgeValue(cli);
  const left = textWidth(LABEL) + 12;
  const right = textWidth(value.text) + 12;
  const width = left + right;
  const title = escapeXml(`${name}: CLI relevance ${value.text}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${left}" height="20" fill="#555"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="${value.colour}"/>`,
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${left / 2}" y="14">${LABEL}</text>`,
    `<text x="${left + right / 2}" y="14">${escapeXml(value.text)}</text>`,
    '</g>',
    '</svg>',
  ].join('');
}
