-- Personal teams take `<username>-projects` (packages/db/src/queries/accounts.ts, personalTeamSlug):
-- the vercel CLI refuses a scope equal to the username. The dashboard redirects `/<username>/...`.
UPDATE "teams" AS t
SET "slug" = rtrim(left(u."username", 34), '-') || '-projects', "updated_at" = now()
FROM "memberships" AS m, "users" AS u
WHERE t."personal" = true
  AND m."team_id" = t."id"
  AND m."user_id" = u."id"
  AND t."slug" = u."username"
  AND NOT EXISTS (
    SELECT 1 FROM "teams" AS o WHERE o."slug" = rtrim(left(u."username", 34), '-') || '-projects'
  );
