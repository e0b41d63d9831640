// The build log of a deployment, read from the NDJSON event stream as it is written, and the wait
// for its final state. The fetch helper reads whole bodies, so the stream uses fetch directly and
// turns a failed response into the same ApiError through the client's error rules.
import { errorFromResponse, transportError } from '@nimbus/client/src/api-error';
import { isTerminalState } from '@nimbus/core/src/deployments';
import type { Session } from './session';
import type { DeploymentReply } from './upload';

interface EventLine {
  type?: string;
  text?: string;
  event?: string;
  payload?: { value?: string };
}

/** Prints each log line through `write` until the stream ends (with follow, when the build ends). */
export async function streamLog(
  session: Session,
  deploymentId: string,
  teamId: string | undefined,
  write: (line: string, stderr: boolean) => void,
): Promise<void> {
  const url = new URL(`${session.api}/v3/now/deployments/${encodeURIComponent(deploymentId)}/events`);
  for (const [key, value] of Object.entries({
    direction: 'forward',
    follow: '1',
    format: 'lines',
    ...(teamId ? { teamId } : {}),
  }))
    url.searchParams.set(key, value);
  const res = await fetch(url, { headers: session.token ? { authorization: `Bearer ${session.token}` } : {} }).catch(
    (cause) => {
      throw transportError(cause, false);
    },
  );
  if (!res.ok || !res.body) {
    throw errorFromResponse({
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      text: await res.text(),
    });
  }
  const decoder = new TextDecoder();
  let buffered = '';
  const handle = (raw: string) => {
    if (!raw.trim()) return;
    let event: EventLine;
    try {
      event = JSON.parse(raw) as EventLine;
    } catch {
      return;
    }
    if (event.event !== 'state' && typeof event.text === 'string') write(event.text, event.type === 'stderr');
  };
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      lines.forEach(handle);
    }
  } catch (cause) {
    throw transportError(cause, false);
  }
  handle(buffered + decoder.decode());
}

/** The deployment once it is READY, ERROR or CANCELED (the stream may end early on a dropped connection). */
export async function waitForFinalState(
  session: Session,
  deploymentId: string,
  teamId: string | undefined,
  pollMs = 1000,
): Promise<DeploymentReply> {
  for (;;) {
    const deployment = await session.fetch<DeploymentReply>(`/v13/deployments/${encodeURIComponent(deploymentId)}`, {
      query: { teamId },
    });
    if (isTerminalState(deployment.readyState)) return deployment;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
