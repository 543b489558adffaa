// The installation's platform rows (Helps, Announcements), brought in after the companies of a whole-installation
// run through the product's own super-admin API (POST /api/helps, /api/announcements). Not with --company.
// A second run sends nothing twice: a help whose title, an announcement whose title and text ZapDesk already has
// is left out (listed through the API first).
import { basename, extname } from "node:path";
import { youtubeId } from "../../worker/contracts/helps";
import type { ImportApi } from "./api";
import type { Catalogue } from "./detect";
import { legacyMediaPath, type Row } from "./legacyTables";
import type { MediaSource } from "./mediaSource";
import type { PgSource } from "./pgSource";
import type { Progress } from "./progress";
import type { Report } from "./report";

/** The product's limits (worker/contracts/helps.ts, announcements.ts): longer legacy values are cut, with a note. */
const HELP_TITLE = 200;
const HELP_DESCRIPTION = 2000;
const ANNOUNCEMENT_TITLE = 200;
const ANNOUNCEMENT_TEXT = 10_000;

export interface PlatformResult {
  helps: number;
  announcements: number;
}

export interface PlatformDeps {
  api: ImportApi;
  media: MediaSource | null;
  report: Report;
  progress: Progress;
}

function text(v: unknown): string {
  return v == null ? "" : String(v).trim();
}

function cut(value: string, max: number, what: string, notes: string[]): string {
  if (value.length <= max) return value;
  notes.push(`${what} cut to ${max} characters (was ${value.length})`);
  return value.slice(0, max).trimEnd();
}

const MIME: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
};

/** After a whole installation's companies: its helps and announcements, through the product's super-admin API. */
export async function importPlatformRows(src: PgSource, catalogue: Catalogue, deps: PlatformDeps): Promise<PlatformResult> {
  const result = { helps: 0, announcements: 0 };
  if (catalogue.has("Helps")) result.helps = await importHelps(src, deps);
  else deps.report.note(null, "Helps: not in this source");
  if (catalogue.has("Announcements")) result.announcements = await importAnnouncements(src, deps);
  else deps.report.note(null, "Announcements: not in this source");
  deps.progress.line(`platform: ${result.helps} help(s), ${result.announcements} announcement(s) sent`);
  return result;
}

/** A help is a YouTube video in ZapDesk: the legacy video (or a YouTube link) is it; another link goes in the description. */
export function mapHelp(raw: Row): { help: { title: string; description: string; video: string }; notes: string[] } | { skip: string } {
  const notes: string[] = [];
  const title = cut(text(raw.title), HELP_TITLE, "title", notes);
  if (!title) return { skip: "no title" };
  const link = text(raw.link);
  const video = youtubeId(text(raw.video)) ?? youtubeId(link);
  if (!video) {
    const what = [raw.video ? `video "${text(raw.video)}"` : null, link ? `link ${link}` : null].filter(Boolean).join(", ") || "no video";
    return { skip: `not a YouTube video (${what}): a ZapDesk help is one` };
  }
  let description = text(raw.description);
  if (link && youtubeId(link) !== video) description = description ? `${description}\n\n${link}` : link;
  description = cut(description, HELP_DESCRIPTION, "description", notes);
  return { help: { title, description, video }, notes };
}

async function importHelps(src: PgSource, { api, report }: PlatformDeps): Promise<number> {
  const { rows } = await src.client.query('select * from "Helps" order by id');
  const titles = new Set((await api.listHelps()).map((h) => h.title));
  let sent = 0;
  for (const raw of rows) {
    const mapped = mapHelp(raw);
    if ("skip" in mapped) {
      report.skip(null, "helps", raw.id, mapped.skip);
      continue;
    }
    if (titles.has(mapped.help.title)) {
      report.skip(null, "helps", raw.id, `already in ZapDesk (a help titled "${mapped.help.title}")`);
      continue;
    }
    await api.createHelp(mapped.help);
    titles.add(mapped.help.title);
    sent++;
    for (const n of mapped.notes) report.note(null, `help ${raw.id}: ${n}`);
  }
  return sent;
}

/** Whaticket's and ticketz's priorities are the product's (1 high, 2 medium, 3 low); status true is active. */
export type AnnouncementBody = { title: string; text: string; priority: 1 | 2 | 3; status: boolean; endDate: null; companyIds: number[] | null };

export function mapAnnouncement(raw: Row): { input: AnnouncementBody; notes: string[] } | { skip: string } {
  const notes: string[] = [];
  const title = cut(text(raw.title), ANNOUNCEMENT_TITLE, "title", notes);
  const body = cut(text(raw.text), ANNOUNCEMENT_TEXT, "text", notes);
  if (!title) return { skip: "no title" };
  if (!body) return { skip: "no text (ZapDesk needs one)" };
  // Whaticket's and ticketz's companyId is the company of the super admin who wrote it (AnnouncementController
  // store: req.user.companyId), and every company sees every active announcement (ListService filters on status
  // only): so it goes to every company here too.
  const companyIds = null;
  const p = Number(raw.priority);
  const priority: 1 | 2 | 3 = p === 1 || p === 2 || p === 3 ? p : 3;
  if (priority !== p) notes.push(`priority ${raw.priority} is none of 1, 2, 3: low (3)`);
  // The legacy apps show an announcement only when its status is true; null is shown as inactive.
  const status = raw.status === true;
  return { input: { title, text: body, priority, status, endDate: null, companyIds }, notes };
}

async function existingAnnouncement(api: ImportApi, title: string, body: string): Promise<boolean> {
  for (let page = 1; ; page++) {
    const { records, hasMore } = await api.listAnnouncements(title, page);
    if (records.some((r) => r.title === title && r.text === body)) return true;
    if (!hasMore) return false;
  }
}

async function importAnnouncements(src: PgSource, { api, report, media }: PlatformDeps): Promise<number> {
  const { rows } = await src.client.query('select * from "Announcements" order by id');
  let sent = 0;
  for (const raw of rows) {
    const company = raw.companyId == null ? null : Number(raw.companyId);
    const mapped = mapAnnouncement(raw);
    if ("skip" in mapped) {
      report.skip(company, "announcements", raw.id, mapped.skip);
      continue;
    }
    const { input, notes } = mapped;
    if (await existingAnnouncement(api, input.title, input.text)) {
      report.skip(company, "announcements", raw.id, `already in ZapDesk (an announcement titled "${input.title}" with the same text)`);
      continue;
    }
    const created = await api.createAnnouncement(input);
    sent++;
    for (const n of notes) report.note(company, `announcement ${raw.id}: ${n}`);
    const mediaPath = text(raw.mediaPath);
    if (!mediaPath) continue;
    // The legacy apps keep the file in backend/public (announcements/ in some versions).
    const path = legacyMediaPath(mediaPath);
    let data: Buffer | null = null;
    let found = "";
    for (const candidate of path ? [path, `announcements/${path}`] : []) {
      data = media ? await media.read(candidate) : null;
      if (data) {
        found = candidate;
        break;
      }
    }
    if (!data) {
      report.skip(company, "media", `announcement ${raw.id}`, media ? `missing announcement file ${mediaPath}: the announcement has no attachment` : `announcement file not copied (no --media): ${mediaPath}`);
      continue;
    }
    const name = text(raw.mediaName) || basename(found);
    try {
      await api.uploadAnnouncementMedia(created.id, name, data, MIME[extname(found).toLowerCase()] ?? "application/octet-stream");
    } catch (e) {
      report.skip(company, "media", `announcement ${raw.id}`, `announcement file ${mediaPath} refused: ${(e as Error).message}`);
    }
  }
  return sent;
}
