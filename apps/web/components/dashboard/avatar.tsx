// Generated avatars from /api/www/avatar (docs/spec.md §2): `s` is twice the display size for sharp edges on
// high-density screens; teams are seeded by teamId, people by user id.
export function Avatar({
  teamId,
  userId,
  size = 20,
  className = '',
}: {
  teamId?: string;
  userId?: string;
  size?: number;
  className?: string;
}) {
  const src = userId
    ? `/api/www/avatar/${encodeURIComponent(userId)}?s=${size * 2}`
    : `/api/www/avatar?teamId=${encodeURIComponent(teamId ?? '')}&s=${size * 2}`;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={`shrink-0 rounded-full border border-border ${className}`}
    />
  );
}
