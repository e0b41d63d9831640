'use client';
import { Button, cx } from '@nimbus/ui';
// Where files come in: drop a folder or a .zip anywhere on the zone, or choose one with the buttons
// (a directory input, with a plain file input for archives). Both inputs have labels, so keyboards
// and tests reach them as well as the mouse does.
import { useRef, useState } from 'react';
import { fromDrop, fromFolderInput, fromZip, type Picked } from './collect-files';

// React has no prop for these; browsers read them as attributes.
const DIRECTORY = { webkitdirectory: '', directory: '' } as Record<string, string>;

export function Dropzone({
  onPick,
  disabled,
  summary,
}: {
  onPick: (picked: Promise<Picked>) => void;
  disabled: boolean;
  summary?: string;
}) {
  const [dragging, setDragging] = useState(false);
  const folder = useRef<HTMLInputElement>(null);
  const zip = useRef<HTMLInputElement>(null);

  const over = (event: React.DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const drop = (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onPick(fromDrop(event.dataTransfer));
  };

  return (
    <div
      role="region"
      aria-label="Drop a folder or a .zip to deploy"
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cx(
        'flex flex-col items-center gap-4 rounded-lg border-2 border-dashed px-6 py-12 text-center transition-colors',
        dragging ? 'border-accent bg-accent/5' : 'border-border',
        disabled && 'opacity-60',
      )}
    >
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="size-8 text-muted"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className="flex flex-col gap-1">
        <p className="font-medium">{summary ?? 'Drag a folder or a .zip here'}</p>
        <p className="text-sm text-muted">
          It is uploaded from your browser, built and served at its own URL. node_modules and .git are left out.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="small" disabled={disabled} onClick={() => folder.current?.click()}>
          Choose a folder
        </Button>
        <Button size="small" variant="ghost" disabled={disabled} onClick={() => zip.current?.click()}>
          Choose a .zip
        </Button>
      </div>
      <input
        ref={folder}
        type="file"
        multiple
        {...DIRECTORY}
        aria-label="Folder to deploy"
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => {
          if (e.target.files?.length) onPick(Promise.resolve(fromFolderInput(e.target.files)));
          e.target.value = '';
        }}
      />
      <input
        ref={zip}
        type="file"
        accept=".zip,application/zip"
        aria-label="Archive to deploy"
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPick(fromZip(file));
          e.target.value = '';
        }}
      />
    </div>
  );
}
