// A small SAML identity provider for tests and the e2e journey: its own key pair and self-signed
// certificate (selfsigned), metadata, and an HTTP-Redirect SSO endpoint that answers with a page
// auto-posting a signed SAMLResponse (signed by node-saml's own signing helper) to the ACS; and a
// DNS server answering the TXT record that proves the team's e-mail domain.
import { randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing.js';
import { DOMParser } from '@xmldom/xmldom';
import * as dnsPacket from 'dns-packet';
import { generate } from 'selfsigned';

const inflate = promisify(inflateRaw);
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export interface AssertionInput {
  /** The AuthnRequest ID this answers; omitted for an unsolicited response. */
  inResponseTo?: string;
  acsUrl: string;
  audience: string;
  email: string;
  name?: string;
  /** Shifts NotBefore/NotOnOrAfter, to make an assertion that is too old. */
  offsetMs?: number;
}

export interface TestIdp {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  /** The person the SSO endpoint signs in next. */
  email: string;
  cert: string;
  /** A base64 SAMLResponse with a signed assertion. */
  response(input: AssertionInput): string;
  /** What the IdP got in its last AuthnRequest: its ID, ACS URL and issuer (our SP entity id). */
  lastRequest: { id: string; acsUrl: string; issuer: string; relayState: string | null } | null;
  close(): Promise<void>;
}

function certBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function assertionXml(entityId: string, a: AssertionInput): string {
  const now = Date.now() + (a.offsetMs ?? 0);
  const iso = (ms: number) => new Date(ms).toISOString();
  const irt = a.inResponseTo ? ` InResponseTo="${escapeXml(a.inResponseTo)}"` : '';
  const attr = (name: string, value: string) =>
    `<saml:Attribute Name="${name}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${escapeXml(a.acsUrl)}"${irt}>` +
    `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `<saml:Assertion ID="_${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(a.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(now + 300_000)}" Recipient="${escapeXml(a.acsUrl)}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${iso(now + 300_000)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(a.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attr('email', a.email)}${a.name ? attr('name', a.name) : ''}</saml:AttributeStatement>` +
    '</saml:Assertion></samlp:Response>'
  );
}

async function readRequest(samlRequest: string) {
  const xml = (await inflate(Buffer.from(samlRequest, 'base64'))).toString('utf8');
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  const issuer = root?.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent ?? '';
  return {
    id: root?.getAttribute('ID') ?? '',
    acsUrl: root?.getAttribute('AssertionConsumerServiceURL') ?? '',
    issuer,
  };
}

/** Starts the IdP on 127.0.0.1 at a free port. */
export async function startTestIdp(email = 'person@example.test'): Promise<TestIdp> {
  const pems = await generate([{ name: 'commonName', value: 'Nimbus test IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  const sign = (xml: string) =>
    signSamlPost(xml, "/*[local-name(.)='Response']/*[local-name(.)='Assertion']", {
      privateKey: pems.private,
      publicCert: pems.cert,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
  const idp = { email, lastRequest: null } as TestIdp;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', idp.ssoUrl);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadataXml);
      return;
    }
    const samlRequest = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || !samlRequest) {
      res.writeHead(404).end('not found');
      return;
    }
    const request = await readRequest(samlRequest);
    const relayState = url.searchParams.get('RelayState');
    idp.lastRequest = { ...request, relayState };
    const response = idp.response({
      inResponseTo: request.id,
      acsUrl: request.acsUrl,
      audience: request.issuer,
      email: idp.email,
    });
    const relay = relayState ? `<input type="hidden" name="RelayState" value="${escapeXml(relayState)}">` : '';
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(request.acsUrl)}">` +
          `<input type="hidden" name="SAMLResponse" value="${response}">${relay}<noscript><button>Continue</button></noscript></form></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.entityId = `${base}/metadata`;
  idp.ssoUrl = `${base}/sso`;
  idp.metadataUrl = `${base}/metadata`;
  idp.cert = pems.cert;
  idp.response = (input) => Buffer.from(sign(assertionXml(idp.entityId, input))).toString('base64');
  idp.metadataXml =
    `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${idp.entityId}">` +
    '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(pems.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoUrl}"/>` +
    '</md:IDPSSODescriptor></md:EntityDescriptor>';
  idp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return idp;
}

/** A DNS server on 127.0.0.1 answering TXT questions from `records` (name → values), for NIMBUS_DNS_SERVERS. */
export async function startTestDns(records: Map<string, string[]>): Promise<{ server: string; close(): void }> {
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const values = question?.type === 'TXT' ? (records.get(question.name.toLowerCase()) ?? []) : [];
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
      questions: query.questions,
      answers: values.map((data) => ({ type: 'TXT' as const, name: question!.name, ttl: 1, data })),
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { server: `127.0.0.1:${socket.address().port}`, close: () => socket.close() };
}
