// The import API of a ZapDesk deployment (docs/company-archive.md), called as the super admin.
import type { ImportFinishResult } from "../../worker/contracts/companyArchive";

export interface TableState {
  rows: number;
  lastKey: string | number | null;
}

export interface ImportState {
  id: number;
  companyId: number;
  tables: Record<string, TableState>;
}

export interface SourceRef {
  kind: "zapdesk" | "ticketz" | "whaticket-saas";
  companyId: number;
  fingerprint: string;
}

export type Target = { companyId: number } | { newCompany: Record<string, unknown>; plan: Record<string, unknown> | null };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${typeof body === "string" ? body : JSON.stringify(body)}`);
  }
}

export class ImportApi {
  private token: string | null = null;

  constructor(
    readonly baseUrl: string,
    private email: string,
    private password: string,
  ) {}

  async login() {
    const res = await fetch(new URL("/api/auth/login", this.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: this.email, password: this.password }),
    });
    const body = (await res.json().catch(() => null)) as { token?: string } | null;
    if (!res.ok || !body?.token) throw new ApiError(res.status, body, `login as ${this.email}`);
    this.token = body.token ?? null;
  }

  /** One call; a 401 (the access token expired during a long import) logs in again once. */
  private async call<T>(method: string, path: string, body?: unknown, raw?: Buffer, form?: FormData): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (!this.token) await this.login();
      const res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(form ? {} : raw ? { "content-type": "application/octet-stream" } : body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: form ?? (raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // keep the text
      }
      if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${path}`);
      return parsed as T;
    }
  }

  /** `carrySessions`: a legacy import that takes the Baileys session keys (--carry-sessions); off by default. */
  open(source: SourceRef, target: Target, carrySessions = false) {
    return this.call<ImportState>("POST", "/api/platform/imports", { source, target, ...(carrySessions ? { carrySessions } : {}) });
  }

  state(id: number) {
    return this.call<ImportState>("GET", `/api/platform/imports/${id}`);
  }

  rows(id: number, table: string, rows: Record<string, unknown>[], lastKey: string | number) {
    return this.call<{ inserted: number; skipped: { key: unknown; reason: string }[] }>("POST", `/api/platform/imports/${id}/rows`, {
      table,
      rows,
      lastKey,
    });
  }

  media(id: number, key: string, data: Buffer) {
    return this.call<unknown>("PUT", `/api/platform/imports/${id}/media?key=${encodeURIComponent(key)}`, undefined, data);
  }

  /** `keepConnectionStatus`: the sessions were carried over, connections keep their status (else they wait for a QR). */
  finish(id: number, keepConnectionStatus = false) {
    return this.call<ImportFinishResult>("POST", `/api/platform/imports/${id}/finish`, { keepConnectionStatus });
  }

  // The platform's rows (a whole-installation run), through the product's own super-admin API.

  listHelps() {
    return this.call<HelpRecord[]>("GET", "/api/helps");
  }

  createHelp(help: { title: string; description: string; video: string }) {
    return this.call<HelpRecord>("POST", "/api/helps", help);
  }

  /** One page (20) of the announcements whose title contains `search`. */
  listAnnouncements(search: string, page: number) {
    const q = new URLSearchParams({ searchParam: search, pageNumber: String(page) });
    return this.call<{ records: AnnouncementRecord[]; hasMore: boolean }>("GET", `/api/announcements?${q}`);
  }

  createAnnouncement(input: { title: string; text: string; priority: 1 | 2 | 3; status: boolean; endDate: null; companyIds: number[] | null }) {
    return this.call<AnnouncementRecord>("POST", "/api/announcements", input);
  }

  uploadAnnouncementMedia(id: number, name: string, data: Buffer, type: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)], { type }), name);
    return this.call<AnnouncementRecord>("POST", `/api/announcements/${id}/media-upload`, undefined, undefined, form);
  }
}

export interface HelpRecord {
  id: number;
  title: string;
}

export interface AnnouncementRecord {
  id: number;
  title: string;
  text: string;
}
