declare module "*/build/server/index.js" {
  const build: unknown;
  export = build;
}

// The tenant migrations (worker/db/tenant-migrations/*.sql) are bundled as text (wrangler.toml's rules).
declare module "*.sql" {
  const text: string;
  export default text;
}
