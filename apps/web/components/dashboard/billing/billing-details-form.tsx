'use client';
import { Notice, TextField, useToast } from '@nimbus/ui';
// The team's billing details (PATCH /api/v0/billing-details): the name, address and tax id printed
// on invoices, and an address invoices are mailed to besides the owners. With Stripe they are also
// the Stripe customer's.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

export interface BillingDetails {
  name: string | null;
  email: string | null;
  address: { line1: string; line2: string; city: string; postalCode: string; state: string; country: string } | null;
  taxId: string | null;
}

const FIELDS = [
  ['name', 'Name on invoices', 200],
  ['email', 'Invoice e-mail', 320],
  ['line1', 'Address', 200],
  ['line2', 'Address line 2', 200],
  ['city', 'City', 100],
  ['postalCode', 'Postal code', 20],
  ['state', 'State or region', 100],
  ['country', 'Country code', 2],
  ['taxId', 'Tax id (VAT)', 64],
] as const;
type Key = (typeof FIELDS)[number][0];

function flatten(details: BillingDetails): Record<Key, string> {
  const a = details.address;
  return {
    name: details.name ?? '',
    email: details.email ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    postalCode: a?.postalCode ?? '',
    state: a?.state ?? '',
    country: a?.country ?? '',
    taxId: details.taxId ?? '',
  };
}

export function BillingDetailsForm({
  teamId,
  details,
  canEdit,
}: {
  teamId: string;
  details: BillingDetails;
  canEdit: boolean;
}) {
  const stored = flatten(details);
  const [values, setValues] = useState(stored);
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();
  const dirty = FIELDS.some(([key]) => values[key].trim() !== stored[key]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const v = Object.fromEntries(FIELDS.map(([key]) => [key, values[key].trim()])) as Record<Key, string>;
    const hasAddress = Boolean(v.line1 || v.city || v.postalCode || v.country);
    await run(async () => {
      await api()('/v0/billing-details', {
        method: 'PATCH',
        query: { teamId },
        body: {
          name: v.name || null,
          email: v.email || null,
          taxId: v.taxId || null,
          address: hasAddress
            ? {
                line1: v.line1,
                line2: v.line2,
                city: v.city,
                postalCode: v.postalCode,
                state: v.state,
                country: v.country,
              }
            : null,
        },
      });
      toast.success('Billing details saved.');
      router.refresh();
    });
  }

  return (
    <SettingsForm
      id="billing-details"
      title="Billing details"
      description="Printed on invoices. Invoices are mailed to the owners and to the invoice e-mail."
      note="Country as its two-letter code (DE, US, FR)."
      onSubmit={save}
      saving={saving}
      dirty={dirty}
      canEdit={canEdit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map(([key, label, max]) => (
          <TextField
            key={key}
            label={label}
            name={key}
            value={values[key]}
            maxLength={max}
            disabled={!canEdit}
            onChange={(e) => setValues({ ...values, [key]: e.target.value })}
          />
        ))}
      </div>
      {error && (
        <div className="mt-3">
          <Notice>{error}</Notice>
        </div>
      )}
    </SettingsForm>
  );
}
