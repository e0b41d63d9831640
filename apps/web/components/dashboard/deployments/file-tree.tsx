'use client';
import type { FileTreeNode } from '@nimbus/api';
import { cx, focusRing, Notice } from '@nimbus/ui';
// A deployment's files: the output the edge serves (each file links to its URL on the deployment)
// or the uploaded source. Folders are <details>, so the tree opens and closes from the keyboard with
// no script of its own; the top level starts open.
import { useState } from 'react';
import useSWR from 'swr';
import { errorMessage } from '../api';
import { hostHref } from './links';

type Kind = 'output' | 'source';

/** The SWR key of a deployment's file tree; the deployment page reads the output tree once for all. */
export function fileTreeKey(teamId: string, deploymentId: string, kind: Kind): string {
  return `/file-tree?deploymentId=${deploymentId}&kind=${kind}&teamId=${teamId}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function FileTree({
  teamId,
  deploymentId,
  url,
  protocol,
  ready,
}: {
  teamId: string;
  deploymentId: string;
  url: string;
  protocol: string;
  ready: boolean;
}) {
  const [kind, setKind] = useState<Kind>('output');
  const { data, error } = useSWR<FileTreeNode[]>(
    kind === 'output' && !ready ? null : fileTreeKey(teamId, deploymentId, kind),
  );
  const base = hostHref(url, protocol);
  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Which files"
        className="flex gap-1 self-start rounded-md border border-border p-0.5"
      >
        {(['output', 'source'] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
            className={cx(
              'rounded px-3 py-1 text-sm',
              kind === k ? 'bg-subtle font-medium text-foreground' : 'text-muted hover:text-foreground',
              focusRing,
            )}
          >
            {k === 'output' ? 'Output' : 'Source'}
          </button>
        ))}
      </div>
      {error ? (
        <Notice>{errorMessage(error)}</Notice>
      ) : kind === 'output' && !ready ? (
        <p className="text-sm text-muted">The output appears here once the deployment is ready.</p>
      ) : !data ? (
        <p className="text-sm text-muted">Loading files…</p>
      ) : data.length ? (
        <ul aria-label={kind === 'output' ? 'Output files' : 'Source files'} className="font-mono text-[13px]">
          {data.map((node) => (
            <TreeItem key={node.name} node={node} path="" base={kind === 'output' ? base : null} open />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No files.</p>
      )}
    </div>
  );
}

function TreeItem({
  node,
  path,
  base,
  open = false,
}: {
  node: FileTreeNode;
  path: string;
  base: string | null;
  open?: boolean;
}) {
  const full = `${path}${node.name}`;
  if (node.type === 'directory') {
    return (
      <li>
        <details open={open}>
          <summary className={cx('cursor-pointer rounded px-1 py-0.5 hover:bg-subtle', focusRing)}>
            {node.name}/
          </summary>
          <ul className="ml-4 border-l border-border pl-2">
            {node.children?.map((child) => (
              <TreeItem key={child.name} node={child} path={`${full}/`} base={base} />
            ))}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between gap-4 px-1 py-0.5">
      {base ? (
        <a
          href={`${base}/${full.split('/').map(encodeURIComponent).join('/')}`}
          target="_blank"
          rel="noreferrer"
          className={cx('truncate hover:underline', focusRing)}
        >
          {node.name}
        </a>
      ) : (
        <span className="truncate">{node.name}</span>
      )}
      {node.size !== undefined && <span className="shrink-0 text-xs text-muted">{formatBytes(node.size)}</span>}
    </li>
  );
}
