'use client';
import { Button, CopyButton, Notice } from '@nimbus/ui';
// Recovery codes right after they were made: the only time they are shown. Copy or download them.

export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const text = `${codes.join('\n')}\n`;
  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'nimbus-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="warning">
        Keep these recovery codes somewhere safe: each logs you in once if you lose your app. They are not shown again.
      </Notice>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <CopyButton value={text} label="Copy codes" />
        <Button size="small" onClick={download}>
          Download
        </Button>
      </div>
    </div>
  );
}
