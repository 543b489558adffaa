// npm run import -- --from <postgres://…|archive.tar> … (issue 27 §1). Run with tsx.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { ImportApi } from "./api";
import { importArchive, isArchive } from "./archive";
import { openMedia } from "./mediaSource";
import { Progress } from "./progress";
import { Report } from "./report";
import { importPostgres, NameTakenError, type CompanyOutcome } from "./run";

export const HELP = `Imports a Whaticket SaaS or ticketz installation (its PostgreSQL), or a ZapDesk company archive, into ZapDesk.

  npm run import -- --from <postgres://user:pass@host/db | company-archive.tar> [options]

  --from <url|file>     the legacy PostgreSQL (postgres://…) or a ZapDesk company archive (.tar)
  --media <dir|tar>     the old backend/public folder, or a tar of it (message media); without it media is not copied
  --company <id>        only this legacy company (default: every company, each with its plan, then the
                        platform's Helps and Announcements; with --company these are not imported)
  --into <id>           into this existing, empty ZapDesk company (needs --company) instead of a new company
  --name <name>         the new company's name (needs --company), when a ZapDesk company already has the legacy one
  --to <url>            the ZapDesk deployment (default http://127.0.0.1:8787)
  --email, --password   a super admin's login (or ZAPDESK_EMAIL / ZAPDESK_PASSWORD; default the local demo's admin)
  --carry-sessions      carry the WhatsApp (Baileys) sessions over, so the numbers need no new QR code.
                        THE OLD SERVER MUST BE STOPPED FIRST: two servers on one session get it closed by WhatsApp.
                        Asks you to type yes, unless --yes. Without it, each connection waits for a QR code.
  --yes                 do not ask (with --carry-sessions)
  --report <file>       JSON lines: every row left out (table, source key, reason) and notes
  -h, --help            this help

A second run with the same source and target continues where the first stopped and imports nothing twice.
Exit codes: 0 done, 1 stopped (run again to continue), 2 bad options, 3 some companies were left out (their names
are taken: see the lines "left out:" and import each with --company and --name or --into).`;

export interface CliOptions {
  from: string;
  media?: string;
  company?: number;
  into?: number;
  name?: string;
  to: string;
  email: string;
  password: string;
  carrySessions: boolean;
  yes: boolean;
  report?: string;
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, not "${value}"`);
  return n;
}

/** The options, or null for --help. Throws with a message naming the option that is wrong. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: "string" },
      media: { type: "string" },
      company: { type: "string" },
      into: { type: "string" },
      name: { type: "string" },
      to: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      "carry-sessions": { type: "boolean" },
      yes: { type: "boolean" },
      report: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return null;
  if (!values.from) throw new Error("--from is required (a postgres:// URL or a company archive .tar)");
  const company = positiveInt(values.company, "company");
  const into = positiveInt(values.into, "into");
  if (into && !company && /^postgres(ql)?:/.test(values.from)) throw new Error("--into needs --company: one legacy company goes into one existing company");
  const name = values.name?.trim();
  if (values.name !== undefined && !name) throw new Error("--name must not be empty");
  if (name && into) throw new Error("--name names a new company: not with --into (that company keeps its name)");
  if (name && !company && /^postgres(ql)?:/.test(values.from)) throw new Error("--name needs --company: it names the one new company made from that legacy company");
  return {
    from: values.from,
    media: values.media,
    company,
    into,
    name,
    to: values.to ?? env.ZAPDESK_URL ?? "http://127.0.0.1:8787",
    email: values.email ?? env.ZAPDESK_EMAIL ?? "admin@admin.com",
    password: values.password ?? env.ZAPDESK_PASSWORD ?? "123456",
    carrySessions: !!values["carry-sessions"],
    yes: !!values.yes,
    report: values.report,
  };
}

/** What to do when the company's name is taken in ZapDesk: the command again, with --name or --into. */
export function nameTakenAdvice(from: string, legacyCompanyId: number, name: string): string {
  const company = /^postgres(ql)?:/.test(from) ? ` --company ${legacyCompanyId}` : "";
  return (
    `a ZapDesk company is already named "${name}". Import it again under another name (--from …${company} --name "<new name>"), ` +
    `or into an existing empty company (--from …${company} --into <empty company id>).`
  );
}

async function confirmStopped(): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(
      "--carry-sessions: the old server must be stopped now, or WhatsApp will close the session on both. Is it stopped? Type yes: ",
    );
    return answer.trim().toLowerCase() === "yes";
  } finally {
    rl.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  let opts: CliOptions | null;
  try {
    opts = parseCli(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (!opts) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (opts.carrySessions && !opts.yes && !(await confirmStopped())) {
    process.stderr.write("Not confirmed: nothing imported. Stop the old server, or run without --carry-sessions (connections then wait for a QR code).\n");
    return 1;
  }
  const api = new ImportApi(opts.to, opts.email, opts.password);
  const report = new Report(opts.report);
  const progress = new Progress();
  const media = await openMedia(opts.media);
  try {
    await api.login();
    let results: CompanyOutcome[];
    if (/^postgres(ql)?:\/\//.test(opts.from)) {
      results = await importPostgres({ from: opts.from, company: opts.company, into: opts.into, name: opts.name, carrySessions: opts.carrySessions }, { api, media, report, progress });
    } else if (await isArchive(opts.from)) {
      results = [await importArchive(opts.from, { into: opts.into, name: opts.name }, { api, media, report, progress })];
    } else {
      throw new Error(`--from ${opts.from}: neither a postgres:// URL nor a company archive (a tar starting with manifest.json)`);
    }
    progress.stop();
    let leftOut = 0;
    for (const r of results) {
      if ("nameTaken" in r) {
        leftOut++;
        process.stdout.write(`company ${r.legacyCompanyId} "${r.nameTaken}" left out: ${nameTakenAdvice(opts.from, r.legacyCompanyId, r.nameTaken)}\n`);
        continue;
      }
      process.stdout.write(`company ${r.legacyCompanyId} → ${r.companyId} (import ${r.importId}): ${JSON.stringify(r.finish)}\n`);
    }
    const skipped = [...report.counts].map(([t, n]) => `${t} ${n}`).join(", ");
    process.stdout.write(`left out: ${skipped || "nothing"}${opts.report ? ` (why: ${opts.report})` : ""}\n`);
    if (leftOut) {
      process.stderr.write(`${leftOut} of ${results.length} companies left out (name taken): import each with the command above.\n`);
      return 3;
    }
    return 0;
  } catch (e) {
    progress.stop();
    if (e instanceof NameTakenError) {
      process.stderr.write(`import stopped: ${nameTakenAdvice(opts.from, e.legacyCompanyId, e.companyName)}\n`);
      return 1;
    }
    process.stderr.write(`import stopped: ${(e as Error).message}\nRun the same command again to continue where it stopped.\n`);
    return 1;
  } finally {
    await media?.close();
    await report.close();
  }
}

const invoked = process.argv[1] ?? "";
if (/importer[/\\]src[/\\]cli\.ts$/.test(invoked)) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
