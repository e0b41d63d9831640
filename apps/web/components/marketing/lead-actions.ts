'use server';
// The contact and demo forms post here (a server action, so they work before or without client
// JavaScript). The lead goes through the REST API in-process, which validates and stores it.
import { serverApi } from '@/lib/runtime';

export interface LeadFormState {
  status: 'idle' | 'sent' | 'error';
  message: string;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

export async function submitLead(_previous: LeadFormState, form: FormData): Promise<LeadFormState> {
  const body = {
    kind: field(form, 'kind'),
    name: field(form, 'name'),
    email: field(form, 'email'),
    company: field(form, 'company'),
    companySize: field(form, 'companySize'),
    message: field(form, 'message') ?? '',
    sourcePath: field(form, 'sourcePath'),
  };
  const { status, data } = await serverApi<{ error?: { message?: string } }>('/v1/leads', { method: 'POST', body });
  if (status === 200) {
    return { status: 'sent', message: 'Thank you. A member of our team will reply within one business day.' };
  }
  return { status: 'error', message: data?.error?.message ?? 'We could not send your message. Try again in a moment.' };
}
