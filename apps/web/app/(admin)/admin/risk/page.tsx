// /admin/risk (staff only): fraud-detection sessions by risk score, with what sign-up did with
// them and the account they made (services/risk.ts).
import type { Metadata } from 'next';
import { formatTime, StaffPage, staffOnly } from '@/components/admin-traces/staff-page';
import { risk } from '@/lib/data';

export const metadata: Metadata = { title: 'Risk scores', robots: { index: false } };

export default async function RiskPage() {
  const { sessions } = await staffOnly((ctx) => risk.list(ctx));
  return (
    <StaffPage title="Risk scores">
      <p className="mb-4 text-sm text-gray-600">
        Scores from 0 to 100 from the fraud-detection script&apos;s signals. Sign-up refuses 70 or more and counts 40 or
        more twice against the per-IP sign-up limit.
      </p>
      {sessions.length === 0 ? (
        <p className="text-sm text-gray-600">No scored sessions in the last few days.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-gray-600">
              <th className="py-2 pr-4 font-medium">Updated (UTC)</th>
              <th className="py-2 pr-4 font-medium">Score</th>
              <th className="py-2 pr-4 font-medium">Reasons</th>
              <th className="py-2 pr-4 font-medium">Sign-up</th>
              <th className="py-2 pr-4 font-medium">User</th>
              <th className="py-2 font-medium">IP</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} className="border-b">
                <td className="py-2 pr-4 whitespace-nowrap">{formatTime(s.updatedAt)}</td>
                <td className="py-2 pr-4 tabular-nums">{s.score}</td>
                <td className="py-2 pr-4">{s.reasons.join(', ') || '—'}</td>
                <td className="py-2 pr-4">{s.outcome ?? '—'}</td>
                <td className="py-2 pr-4">{s.username ? `${s.username} (${s.email})` : '—'}</td>
                <td className="py-2">{s.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </StaffPage>
  );
}
