import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/storage/open-store.ts';

const cwd = '/srv/apidex';

describe('parseDatabaseUrl', () => {
  it.each([undefined, '', '   '])('reads %j as the SQLite file ./data/apidex.db', (value) => {
    expect(parseDatabaseUrl(value, { cwd })).toEqual({ kind: 'sqlite', path: '/srv/apidex/data/apidex.db' });
  });

  it('uses the given default path when DATABASE_URL is unset', () => {
    expect(parseDatabaseUrl(undefined, { cwd, defaultPath: 'var/test.db' })).toEqual({ kind: 'sqlite', path: '/srv/apidex/var/test.db' });
  });

  it.each([
    ['file:./tmp/x.db', '/srv/apidex/tmp/x.db'],
    ['file:x.db', '/srv/apidex/x.db'],
    ['file:../shared/x.db', '/srv/shared/x.db'],
    ['file:/var/lib/apidex/x.db', '/var/lib/apidex/x.db'],
    ['file:///var/lib/apidex/x.db', '/var/lib/apidex/x.db'],
    ['file:///var/lib/my%20data/x.db', '/var/lib/my data/x.db'],
    ['file://localhost/var/lib/apidex/x.db', '/var/lib/apidex/x.db'],
  ])('reads %s as a SQLite file at %s', (value, path) => {
    expect(parseDatabaseUrl(value, { cwd })).toEqual({ kind: 'sqlite', path });
  });

  it.each(['postgres://apidex:secret@db.internal:5432/apidex', 'postgresql://apidex@db.internal/apidex?sslmode=require'])(
    'reads %s as PostgreSQL, passing the URL on unchanged',
    (value) => {
      expect(parseDatabaseUrl(value, { cwd })).toEqual({ kind: 'postgres', connectionString: value });
    },
  );

  it('rejects mysql:// naming DATABASE_URL, the scheme and the accepted forms, without echoing the password', () => {
    let message = '';
    try {
      parseDatabaseUrl('mysql://root:hunter2@localhost/apidex', { cwd });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('"mysql:"');
    expect(message).toContain('file:PATH');
    expect(message).toContain('postgres://');
    expect(message).toContain('unset');
    expect(message).not.toContain('hunter2');
  });

  it.each([
    ['./data/apidex.db', /DATABASE_URL has no scheme/],
    ['file:', /names no file/],
    ['file://some-host/x.db', /DATABASE_URL is not a usable file URL/],
    ['postgres:apidex', /unsupported scheme "postgres:"/],
  ])('rejects %s', (value, message) => {
    expect(() => parseDatabaseUrl(value, { cwd })).toThrow(message);
  });
});
