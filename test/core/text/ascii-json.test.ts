import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../../src/core/text/ascii-json.ts';
import { isOneByte } from '../../support/one-byte-string.ts';

describe('JSON text written in ASCII', () => {
  it('writes every character past ASCII as its \\u escape, and reads back as the same value', () => {
    const value = { name: 'Café Ünïcode — API', quote: 'you’ve', emoji: 'ship 🚀', nested: ['日本語', 'plain'], escaped: 'tab\tand "quotes"' };
    const text = asciiJson(JSON.stringify(value));
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(text).toContain('Caf\\u00e9');
    expect(text).toContain('you\\u2019ve');
    // A character past the first plane is a surrogate pair, each half escaped: JSON's own way of writing it.
    expect(text).toContain('ship \\ud83d\\ude80');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('gives a string held one byte a character, whatever the text it was written from', () => {
    const plain = JSON.stringify({ a: 'plain text' });
    expect(asciiJson(plain)).toBe(plain);
    expect(isOneByte(asciiJson(plain))).toBe(true);
    const wide = JSON.stringify({ a: 'one dash — here', b: 'x'.repeat(100) });
    expect(isOneByte(wide)).toBe(false);
    expect(isOneByte(asciiJson(wide))).toBe(true);
    expect(isOneByte(`${asciiJson(wide)}${asciiJson(plain)}`)).toBe(true);
  });
});
