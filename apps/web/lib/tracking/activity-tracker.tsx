'use client';
// Mounts Nimbus's own tracker (lib/tracking/tracker.ts) once per page load, in the root layout, so
// every zone is covered. It renders nothing and starts nothing until consent allows.
import { useEffect } from 'react';
import { startTracking } from './tracker';

export function ActivityTracker({ staffEmailDomain }: { staffEmailDomain: string }) {
  useEffect(() => startTracking({ staffEmailDomain }), [staffEmailDomain]);
  return null;
}
