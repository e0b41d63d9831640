// A one-line progress bar for uploads, drawn on stderr only when it is a terminal: piped output and
// CI logs get the plain "Uploading N of M files" line and no carriage-return noise. Written here
// because cli-progress is not installed and 30 lines cover what deploy needs.
import { err } from './output';

const WIDTH = 24;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface Progress {
  tick(bytes: number): void;
  done(): void;
}

export function progressBar(totalBytes: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let sent = 0;
  let lastDraw = 0;
  const draw = () => {
    const ratio = totalBytes ? Math.min(1, sent / totalBytes) : 1;
    const filled = Math.round(ratio * WIDTH);
    stream.write(
      `\r${err.cyan('█'.repeat(filled))}${err.dim('░'.repeat(WIDTH - filled))} ${Math.round(ratio * 100)}% ${formatBytes(sent)} / ${formatBytes(totalBytes)}`,
    );
  };
  if (!stream.isTTY) return { tick: () => {}, done: () => {} };
  draw();
  return {
    tick(bytes) {
      sent += bytes;
      // Redrawing more than ~20 times a second only costs time.
      if (Date.now() - lastDraw > 50 || sent >= totalBytes) {
        lastDraw = Date.now();
        draw();
      }
    },
    done() {
      stream.write('\r\x1b[2K');
    },
  };
}
