// Reads what Nimbus needs from an identity provider's SAML metadata: its entity ID, the
// HTTP-Redirect single sign-on URL and its signing certificate. node-saml makes SP metadata but
// reads none, so this small reader (xmldom, namespace-aware) fills the gap.
import { X509Certificate } from 'node:crypto';
import { DomainError } from '@nimbus/db';
import { refusedDestination } from '@nimbus/engine';
import { DOMParser } from '@xmldom/xmldom';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Metadata bigger than this is refused, pasted or fetched. */
export const METADATA_MAX_BYTES = 1_000_000;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export interface IdpMetadata {
  idpEntityId: string;
  idpSsoUrl: string;
  /** PEM, as node-saml takes it. */
  idpCertificate: string;
}

const bad = (message: string) => new DomainError('bad_request', message);

function parse(xml: string) {
  const fail = (message: string) => {
    throw bad(`The metadata is not valid XML: ${message.split('\n')[0]}`);
  };
  const doc = new DOMParser({ errorHandler: { warning: () => {}, error: fail, fatalError: fail } }).parseFromString(
    xml,
    'text/xml',
  );
  if (!doc?.documentElement) throw bad('The metadata is not valid XML.');
  return doc;
}

function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw bad('The signing certificate in the metadata is not a valid X.509 certificate.');
  }
  return pem;
}

function signingCertificate(idp: Element): string {
  const keys = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'));
  const signing = keys.find((k) => k.getAttribute('use') !== 'encryption');
  const cert = signing?.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent?.trim();
  if (!cert) throw bad('The metadata has no signing certificate (KeyDescriptor with an X509Certificate).');
  return toPem(cert);
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > METADATA_MAX_BYTES) throw bad('The metadata is larger than 1 MB.');
  const doc = parse(xml);
  const entity = doc.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idpEntityId = entity?.getAttribute('entityID')?.trim();
  if (!entity || !idpEntityId) throw bad('The metadata has no EntityDescriptor with an entityID.');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!idp) throw bad('The metadata describes no identity provider (IDPSSODescriptor).');
  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const idpSsoUrl = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING)?.getAttribute('Location');
  if (!idpSsoUrl || !/^https?:\/\//i.test(idpSsoUrl))
    throw bad('The metadata has no SingleSignOnService with the HTTP-Redirect binding.');
  return { idpEntityId, idpSsoUrl, idpCertificate: signingCertificate(idp) };
}

/** GETs `url`, following up to 5 redirects, each to a destination that passes the hooks' check. */
async function get(url: URL, allowPrivate: boolean): Promise<Response> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let target = url;
  for (let hop = 0; ; hop++) {
    const refused = await refusedDestination(target.href, allowPrivate).catch(() => null);
    if (refused) throw bad(`Nimbus did not fetch the metadata from ${target.origin}: ${refused}`);
    let response: Response;
    try {
      response = await fetch(target, { signal, redirect: 'manual' });
    } catch {
      throw bad(`Nimbus could not fetch ${target.origin}: no answer within 10 seconds, or the host is unreachable.`);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) throw bad(`The metadata URL redirected more than ${MAX_REDIRECTS} times.`);
    if (!URL.canParse(location, target))
      throw bad(`${target.origin} redirected to "${location.slice(0, 100)}", not a URL.`);
    target = new URL(location, target);
  }
}

/**
 * Fetches metadata from the identity provider, server-side: http(s) only, 10 s, 1 MB, public
 * addresses only unless the operator allows private ones (a self-hosted IdP on the LAN; pasting its
 * metadata works too). Only owners can ask, and the reply is never echoed, only parsed.
 */
export async function fetchIdpMetadata(url: string, allowPrivate: boolean): Promise<string> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw bad('The metadata URL is not a valid URL.');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw bad('The metadata URL must be http(s).');
  const response = await get(target, allowPrivate);
  if (!response.ok) throw bad(`The metadata URL answered HTTP ${response.status}.`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > METADATA_MAX_BYTES) throw bad('The metadata is larger than 1 MB.');
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > METADATA_MAX_BYTES) {
      await reader.cancel();
      throw bad('The metadata is larger than 1 MB.');
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks).toString('utf8');
}
