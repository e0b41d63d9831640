'use client';
// The submit of a dashboard form: `saving` while the action runs, and the API's message in `error`
// when it fails, shown by the form's field. A form that navigates away on success keeps `saving`
// on, so its button stays busy until the next page is there.
import { useState } from 'react';
import { errorMessage } from './api';

export function useSubmit(options: { navigates?: boolean } = {}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setSaving(true);
    setError(null);
    try {
      await action();
      if (!options.navigates) setSaving(false);
    } catch (err) {
      setError(errorMessage(err));
      setSaving(false);
    }
  }

  return { saving, error, setError, run };
}
