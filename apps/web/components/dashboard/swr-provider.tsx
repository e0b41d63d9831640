'use client';
import { SWR_CONFIG, SWR_SLOW_CONFIG } from '@nimbus/core';
// Every dashboard SWR hook shares the spec's cache constants (docs/spec.md §9: dedupe 2 s, focus throttle
// 5 s, error retry 5 s, loading-slow 3 s, longer on slow connections) and one fetcher: the docs/spec.md §7
// helper, so keys are plain API paths ("/v7/deployments?teamId=…"). SWR's own retry already backs
// off exponentially up to 2^8, as the spec asks.
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { api } from './api';

type Connection = { effectiveType?: string; saveData?: boolean };

function slowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return Boolean(connection && (connection.saveData || ['slow-2g', '2g'].includes(connection.effectiveType ?? '')));
}

const fetcher = (path: string) => api()(path);

export function SwrProvider({ children }: { children: ReactNode }) {
  const constants = slowConnection() ? SWR_SLOW_CONFIG : SWR_CONFIG;
  return <SWRConfig value={{ ...constants, fetcher }}>{children}</SWRConfig>;
}
