'use server';
// The contact and demo forms post here (a server action, so they work before or without client
// JavaScript). The lead goes to the same service as `POST /api/v1/leads`, checked by the same schema.
import { DomainError, sanitizeAttribution } from '@nimbus/core';
import { leads } from '@/lib/data';
import { runtime } from '@/lib/runtime';

export interface LeadFormState {
  status: 'idle' | 'sent' | 'error';
  message: string;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

/** The hidden `attribution` field: JSON from the browser's store, only its known fields; a bad one never fails the form. */
function attributionField(form: FormData): unknown {
  const raw = field(form, 'attribution');
  if (!raw) return undefined;
  try {
    return sanitizeAttribution(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export async function submitLead(_previous: LeadFormState, form: FormData): Promise<LeadFormState> {
  const input = {
    kind: field(form, 'kind'),
    name: field(form, 'name'),
    email: field(form, 'email'),
    company: field(form, 'company'),
    companySize: field(form, 'companySize'),
    message: field(form, 'message') ?? '',
    sourcePath: field(form, 'sourcePath'),
    attribution: attributionField(form),
  };
  try {
    await leads.submit(runtime().apiOptions, leads.parseLead(input));
    return { status: 'sent', message: 'Thank you. A member of our team will reply within one business day.' };
  } catch (error) {
    if (error instanceof DomainError) return { status: 'error', message: error.message };
    console.error('[leads] could not store a lead', error);
    return { status: 'error', message: 'We could not send your message. Try again in a moment.' };
  }
}
