// The deploy-freeze debug branch (docs/spec.md §4, §7): the cookie the internal command toggles, shown and
// toggled here too. It changes what this browser sees for a minute; it does not stop deployments.
import { DEPLOY_FREEZE_COOKIE } from '@nimbus/core';
import { cookies } from 'next/headers';
import { DeployFreezeToggle } from '@/components/admin/deploy-freeze-toggle';
import { PageHeader } from '@/components/dashboard/page-header';
import { staffContext } from '@/lib/staff';

export const metadata = { title: 'Deploy freeze – Staff console – Nimbus' };

export default async function AdminDeployFreeze() {
  const ctx = await staffContext();
  if (!ctx) return null;
  const on = (await cookies()).get(DEPLOY_FREEZE_COOKIE)?.value === '1';
  return (
    <>
      <PageHeader
        title="Deploy freeze"
        description="The deploy-freeze debug branch, for this browser only: a cookie that lasts 60 seconds. It does not stop anyone's deployments."
      />
      <DeployFreezeToggle on={on} />
    </>
  );
}
