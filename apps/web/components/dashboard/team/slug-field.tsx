'use client';
// The team URL field of the create-team and team settings forms: the dashboard's host as a fixed
// prefix, then the slug. Slugs are lower case, so typing is lowered as it goes rather than rejected
// afterwards; the rule itself is validateSlug from @nimbus/core, the one the API applies.
import { SLUG_MAX } from '@nimbus/core';
import { Field, Input } from '@nimbus/ui';
import type { ReactNode } from 'react';

export interface SlugFieldProps {
  /** The dashboard's host, shown before the slug (`nimbus.example.com/`). */
  host: string;
  value: string;
  onChange: (slug: string) => void;
  error?: string | null;
  hint?: ReactNode;
  readOnly?: boolean;
  className?: string;
}

export function SlugField({ host, value, onChange, error, hint, readOnly, className }: SlugFieldProps) {
  return (
    <Field label="Team URL" error={error} hint={hint} className={className}>
      {(control) => (
        <div className="flex items-stretch">
          <span className="flex items-center rounded-l-md border border-r-0 border-border bg-subtle px-3 text-sm text-muted">
            {host}/
          </span>
          <Input
            {...control}
            className="rounded-l-none"
            value={value}
            readOnly={readOnly}
            maxLength={SLUG_MAX}
            autoCapitalize="off"
            spellCheck={false}
            onChange={(e) => onChange(e.target.value.toLowerCase())}
          />
        </div>
      )}
    </Field>
  );
}
