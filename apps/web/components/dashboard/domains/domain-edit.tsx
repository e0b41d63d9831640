'use client';
// Edits how a project domain answers: serve the production deployment, or redirect every request
// (same path and query) to another domain of the project with 301, 302, 307 or 308. Following a git
// branch waits for git deployments, so it is not offered here.
import { REDIRECT_STATUS_CODES } from '@nimbus/core';
import { Button, Field, Modal, Notice, Select } from '@nimbus/ui';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useSubmit } from '../use-submit';
import type { ProjectDomainJson } from './types';

const STATUS_LABEL: Record<number, string> = {
  301: '301 Moved Permanently',
  302: '302 Found',
  307: '307 Temporary Redirect',
  308: '308 Permanent Redirect',
};

interface Props {
  open: boolean;
  onClose: () => void;
  teamId: string;
  /** The domain's API path, /v9/projects/{p}/domains/{d}. */
  path: string;
  domain: ProjectDomainJson;
  others: string[];
  onSaved: () => Promise<void>;
}

export function DomainEdit({ open, onClose, teamId, path, domain, others, onSaved }: Props) {
  const [redirect, setRedirect] = useState(domain.redirect ?? '');
  const [status, setStatus] = useState(domain.redirectStatusCode ?? 308);
  const { saving, error, setError, run } = useSubmit();
  const formId = `edit-${domain.name.replace(/[^a-z0-9]+/g, '-')}`;

  useEffect(() => {
    if (!open) return;
    setRedirect(domain.redirect ?? '');
    setStatus(domain.redirectStatusCode ?? 308);
    setError(null);
  }, [open, domain.redirect, domain.redirectStatusCode, setError]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()(path, {
        method: 'PATCH',
        query: { teamId },
        body: redirect ? { redirect, redirectStatusCode: status } : { redirect: null, redirectStatusCode: null },
      });
      await onSaved();
      onClose();
    });
  }

  return (
    <Modal
      open={open}
      onClose={() => !saving && onClose()}
      title={`Edit ${domain.name}`}
      description="Serve the production deployment here, or send visitors to another domain of this project."
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={save} noValidate className="flex flex-col gap-4">
        <Field label="Redirect to" hint={others.length ? undefined : 'Add another domain to redirect to it.'}>
          {(control) => (
            <Select {...control} value={redirect} onChange={(e) => setRedirect(e.target.value)}>
              <option value="">No redirect</option>
              {others.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {redirect && (
          <Field label="Status code">
            {(control) => (
              <Select {...control} value={status} onChange={(e) => setStatus(Number(e.target.value))}>
                {REDIRECT_STATUS_CODES.map((code) => (
                  <option key={code} value={code}>
                    {STATUS_LABEL[code]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {error && <Notice>{error}</Notice>}
      </form>
    </Modal>
  );
}
