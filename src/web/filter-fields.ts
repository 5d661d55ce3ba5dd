import { PRICING_TIERS } from '../core/listings/listing.ts';
import { slugify } from '../core/ranking/text.ts';
import { html, type Html } from './html.ts';

/** The fields of the filter forms (search and category pages) and the list/cards switch beside their results. */

export interface Option {
  value: string;
  label: string;
}

export const PRICING_OPTIONS: Option[] = [{ value: '', label: 'Any pricing' }, ...PRICING_TIERS.map((tier) => ({ value: slugify(tier), label: tier }))];
export const MIN_CLI_SCORE_OPTIONS: Option[] = [{ value: '', label: 'Any score' }, ...Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: `${i + 1} or more` }))];

/** A select with its label, the current value chosen, and the core's message beside it when the value was refused. */
export function selectField({ id, label, name, options, current = '', error }: { id: string; label: string; name: string; options: Option[]; current?: string; error?: string | undefined }): Html {
  return html`<div class="field">
<label for="${id}">${label}</label>
<select id="${id}" name="${name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${options.map((o) => html`<option value="${o.value}"${o.value === current ? html` selected` : ''}>${o.label}</option>`)}
</select>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
</div>`;
}

export function checkboxField({ id, label, name, checked, error }: { id: string; label: string; name: string; checked: boolean; error?: string | undefined }): Html {
  return html`<div class="field choices"><label for="${id}"><input type="checkbox" id="${id}" name="${name}" value="true"${checked ? html` checked` : ''}> ${label}</label>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}</div>`;
}

export type ListView = 'list' | 'cards';

export function viewSwitch(view: ListView, hrefOf: (view: ListView) => string): Html {
  return html`<p class="small">View: ${view === 'list' ? html`<strong aria-current="true">List</strong> · <a href="${hrefOf('cards')}">Cards</a>` : html`<a href="${hrefOf('list')}">List</a> · <strong aria-current="true">Cards</strong>`}</p>`;
}
