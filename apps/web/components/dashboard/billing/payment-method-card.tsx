'use client';
import { Button, Card, Notice, useToast } from '@nimbus/ui';
// The card Pro is charged to, when Nimbus bills through Stripe. Adding one: the server makes a
// SetupIntent (POST /api/stripe/sources/setup), Stripe.js (loaded from js.stripe.com with the
// publishable key) collects and confirms the card in Stripe's own field, and the confirmed payment
// method becomes the team's default (PUT /api/stripe/sources/payment-method). Card numbers never
// reach Nimbus.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { api, errorMessage } from '../api';

type CardOnFile = { brand: string; last4: string; expMonth: number; expYear: number };

export function PaymentMethodCard({
  teamId,
  card,
  publishableKey,
  canUpdate,
}: {
  teamId: string;
  card: CardOnFile | null;
  publishableKey: string | null;
  canUpdate: boolean;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const toast = useToast();

  async function start() {
    if (!publishableKey || !mount.current) return;
    setBusy(true);
    setError(null);
    try {
      const setup = await api()<{ clientSecret: string }>('/stripe/sources/setup', {
        method: 'POST',
        query: { teamId },
      });
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js could not be loaded from js.stripe.com.');
      const elements = stripe.elements({ clientSecret: setup.clientSecret });
      elements.create('payment').mount(mount.current);
      setForm({ stripe, elements });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!form) return;
    setBusy(true);
    setError(null);
    try {
      const result = await form.stripe.confirmSetup({ elements: form.elements, redirect: 'if_required' });
      if (result.error) throw new Error(result.error.message ?? 'The card was not accepted.');
      const method = result.setupIntent.payment_method;
      const paymentMethodId = typeof method === 'string' ? method : method?.id;
      if (!paymentMethodId) throw new Error('Stripe returned no payment method.');
      await api()('/stripe/sources/payment-method', { method: 'PUT', query: { teamId }, body: { paymentMethodId } });
      toast.success('Payment method saved.');
      setForm(null);
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save}>
      <Card
        id="payment-method"
        title="Payment method"
        description="Pro is charged to this card each month; the trial needs one too, and is free until it ends."
        footer={
          !canUpdate ? (
            <span>Only owners and billing members can change the payment method.</span>
          ) : form ? (
            <Button type="submit" variant="primary" size="small" loading={busy}>
              Save card
            </Button>
          ) : (
            <Button size="small" onClick={start} loading={busy} disabled={!publishableKey}>
              {card ? 'Replace card' : 'Add card'}
            </Button>
          )
        }
      >
        <p className="text-sm">
          {card
            ? `${card.brand.toUpperCase()} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
            : 'No payment method yet.'}
        </p>
        {!publishableKey && canUpdate && (
          <p className="mt-2 text-sm text-muted">Set NIMBUS_STRIPE_PUBLISHABLE_KEY on the server to add a card here.</p>
        )}
        <div ref={mount} className="mt-3" />
        {error && (
          <div className="mt-3">
            <Notice>{error}</Notice>
          </div>
        )}
      </Card>
    </form>
  );
}
