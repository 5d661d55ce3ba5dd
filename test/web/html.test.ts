import { describe, expect, it } from 'vitest';
import { escapeHtml, html, join, jsonScriptContent, safeHref } from '../../src/web/html.ts';

describe('the html template', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const payload = `<script>alert("x")</script>' onmouseover='alert(1)' \`x\` &amp;`;
    const out = html`<p title="${payload}">${payload}</p>`.text;
    expect(out).not.toContain('<script>');
    expect(out).not.toContain(`"x"`);
    expect(out).not.toContain(`' onmouseover='`);
    expect(out).toBe(`<p title="${escapeHtml(payload)}">${escapeHtml(payload)}</p>`);
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
  });

  it('keeps nested templates as markup, joins arrays, and drops null, undefined and booleans', () => {
    const items = ['a<b', 'c'];
    expect(html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
    expect(html`${null}${undefined}${false}${true}${0}`.text).toBe('0');
    expect(join(['x', 'y<'], html`<br>`).text).toBe('x<br>y&lt;');
  });

  it('lets only http(s) and same-site paths through as links', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('/apis/x')).toBe('/apis/x');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>', 'vbscript:x', '//evil.example/x', '/\\evil.example', 'not a url', '', null]) {
      expect(safeHref(bad), String(bad)).toBeNull();
    }
  });

  it('writes JSON for script blocks that no value can break out of', () => {
    const out = jsonScriptContent({ name: '</script><script>alert(1)</script><!--', line: '\u2028' }).text;
    expect(out).not.toMatch(/<|>/);
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });
});
