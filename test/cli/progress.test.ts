import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/output/progress.ts';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { isTTY, columns: 80, write: (text: string) => written.push(text), written };
};

describe('progress bars', () => {
  it('draws a bar on stderr while stdout is a terminal, and clears it when done', () => {
    const stdout = stream(true);
    const stderr = stream(false);
    const progress = createProgress('importing', { stdout, stderr, minIntervalMs: 0 });
    progress.update(250, 1000);
    progress.update(1000, 1000);
    progress.finish();
    expect(stderr.written[0]).toMatch(/^\rimporting \[#+-+\]  25% 250\/1000$/);
    expect(stderr.written[1]).toMatch(/^\rimporting \[#+\] 100% 1000\/1000$/);
    expect(stderr.written[2]).toBe('\r\u001b[2K');
    expect(stdout.written).toEqual([]);
  });

  it('draws nothing when stdout is piped or redirected', () => {
    const stdout = stream(false);
    const stderr = stream(true);
    const progress = createProgress('importing', { stdout, stderr, minIntervalMs: 0 });
    progress.update(1, 2);
    progress.update(2, 2);
    progress.finish();
    expect(stderr.written).toEqual([]);
  });
});
