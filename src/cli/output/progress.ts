/**
 * A progress bar for long work (imports), drawn on stderr and only when stdout is a terminal:
 * piped or redirected output (`--json | jq`, CI logs) gets no bar and no progress lines.
 */

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

interface Stream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const NONE: Progress = { update: () => {}, finish: () => {} };

export function createProgress(label: string, { stdout = process.stdout as Stream, stderr = process.stderr as Stream, minIntervalMs = 100 }: { stdout?: Stream; stderr?: Stream; minIntervalMs?: number } = {}): Progress {
  if (!stdout.isTTY) return NONE;
  let drawnAt = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (done < total && now - drawnAt < minIntervalMs) return;
      drawnAt = now;
      const share = total > 0 ? Math.min(1, done / total) : 1;
      const counts = `${done}/${total}`;
      const barWidth = Math.max(10, Math.min(40, (stderr.columns ?? 80) - label.length - counts.length - 10));
      const filled = Math.round(share * barWidth);
      stderr.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${counts}`);
      drawn = true;
    },
    finish() {
      if (drawn) stderr.write('\r\u001b[2K');
    },
  };
}
