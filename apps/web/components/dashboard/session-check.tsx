'use client';
import { fetchSession } from '@nimbus/client';
// Runs the session call once per page load (docs/spec.md §4, §7). A session that ended in another tab or
// expired while this one stayed open clears the isLoggedIn flag and sends the user to log in.
import { useEffect } from 'react';
import { api, isAbort } from './api';
import { loginUrl } from './login-redirect';

export function SessionCheck() {
  useEffect(() => {
    const controller = new AbortController();
    fetchSession(api(), { signal: controller.signal }).then(
      (session) => {
        if (session) return;
        const { pathname, search, hash } = window.location;
        window.location.assign(loginUrl(pathname + search + hash));
      },
      (error) => {
        if (!isAbort(error)) console.warn('[session] check failed:', error);
      },
    );
    return () => controller.abort();
  }, []);
  return null;
}
