'use client';
import { COMPANY_SIZES, type LeadKind } from '@nimbus/core';
// The form behind /contact and /contact/sales/demo. It submits to a server action, shows the API's
// own validation message when something is wrong, and replaces itself with a thank-you when sent.
// The campaign the visitor arrived from goes with it in a hidden field (lib/tracking).
import { useActionState, useEffect, useState } from 'react';
import { attributionForForm } from '@/lib/tracking/attribution';
import { type LeadFormState, submitLead } from './lead-actions';

const input =
  'mt-1.5 block w-full rounded-md border border-border bg-background px-3 py-2 text-sm outline-none focus:border-foreground focus:ring-2 focus:ring-foreground/10';
const initial: LeadFormState = { status: 'idle', message: '' };

export function LeadForm({
  kind,
  sourcePath,
  submitLabel,
}: {
  kind: LeadKind;
  sourcePath: string;
  submitLabel: string;
}) {
  const [state, action, pending] = useActionState(submitLead, initial);
  // Read after hydration: the stored campaign exists only in the browser, and only with consent.
  const [attribution, setAttribution] = useState('');
  useEffect(() => {
    const stored = attributionForForm();
    setAttribution(stored ? JSON.stringify(stored) : '');
  }, []);
  if (state.status === 'sent') {
    return (
      <div role="status" className="rounded-xl border border-border bg-subtle p-8">
        <h2 className="text-lg font-semibold">Message received</h2>
        <p className="mt-2 text-muted">{state.message}</p>
      </div>
    );
  }
  return (
    <form action={action} className="grid gap-5 rounded-xl border border-border p-6 sm:grid-cols-2 sm:p-8">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="sourcePath" value={sourcePath} />
      <input type="hidden" name="attribution" value={attribution} />
      <label className="text-sm font-medium">
        Full name
        <input name="name" required autoComplete="name" className={input} />
      </label>
      <label className="text-sm font-medium">
        Work e-mail
        <input name="email" type="email" required autoComplete="email" className={input} />
      </label>
      <label className="text-sm font-medium">
        Company
        <input name="company" required autoComplete="organization" className={input} />
      </label>
      <label className="text-sm font-medium">
        Company size
        <select name="companySize" required defaultValue="" className={input}>
          <option value="" disabled>
            Number of employees
          </option>
          {COMPANY_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} employees
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium sm:col-span-2">
        How can we help?
        <textarea name="message" rows={5} maxLength={5000} className={input} />
      </label>
      {state.status === 'error' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400 sm:col-span-2">
          {state.message}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-foreground px-5 py-2.5 text-sm font-medium text-background hover:opacity-90 disabled:opacity-60"
        >
          {pending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
