'use client';
// Warns on a READY deployment whose output has no index.html at its top (its root URL is a 404), in
// the words of the build log's warning. Reads the output tree under the file list's own SWR key. A
// deployment with functions is left alone: its routes may answer `/` with a function.
import type { DeploymentFunctionsJson, FileTreeNode } from '@nimbus/api';
import { hasRootIndex, NO_ROOT_INDEX_WARNING } from '@nimbus/core';
import { Notice } from '@nimbus/ui';
import useSWR from 'swr';
import { fileTreeKey } from './file-tree';
import { functionsKey } from './function-list';

export function RootIndexNotice({
  teamId,
  deploymentId,
  ready,
}: {
  teamId: string;
  deploymentId: string;
  ready: boolean;
}) {
  const { data } = useSWR<FileTreeNode[]>(ready ? fileTreeKey(teamId, deploymentId, 'output') : null);
  const { data: functions } = useSWR<DeploymentFunctionsJson>(ready ? functionsKey(teamId, deploymentId) : null, {
    revalidateOnFocus: false,
  });
  if (
    !data ||
    !functions ||
    functions.functions.length > 0 ||
    hasRootIndex(data.filter((n) => n.type === 'file').map((n) => n.name))
  )
    return null;
  return (
    <Notice tone="warning">
      <p>{NO_ROOT_INDEX_WARNING}</p>
    </Notice>
  );
}
