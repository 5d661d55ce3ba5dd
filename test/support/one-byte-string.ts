import { serialize } from 'node:v8';

/**
 * Whether V8 holds the string one byte a character. V8's serializer writes such a string with
 * the tag '"' and a two-byte one with 'c', after its two header bytes (0xff and the version).
 */
export const isOneByte = (text: string): boolean => serialize(text)[2] === 0x22;
