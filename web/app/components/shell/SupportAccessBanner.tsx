import { Link, useLocation } from "@remix-run/react";
import { LifeBuoy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SupportAccessView } from "../../../../worker/contracts/audit";
import { can } from "../../../../worker/contracts/permissions";
import { api } from "../../lib/api";
import type { SessionUser } from "../../lib/session-user";
import { useCompanyTime } from "../../lib/useCompanyTime";

/** How stale the shell lets its knowledge of running accesses get while the admin moves between pages. */
const RECHECK_MS = 60_000;

/**
 * Issue 28: while the platform's support has a running access to the company, its admins see it on every page (who,
 * why, until when), since whatever support does may touch any page, not only the log that records it. Asked of
 * /api/audit/support when the shell opens, then again on a page change after a minute, and when the access ends.
 */
export function SupportAccessBanner({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const when = useCompanyTime();
  const { pathname } = useLocation();
  const allowed = can(user, "audit:view");
  const [accesses, setAccesses] = useState<SupportAccessView[]>([]);
  const checkedAt = useRef(0);

  useEffect(() => {
    if (!allowed || Date.now() - checkedAt.current < RECHECK_MS) return;
    checkedAt.current = Date.now();
    let live = true;
    api<SupportAccessView[]>("/audit/support")
      .then((rows) => live && setAccesses(rows.filter((a) => a.active)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [allowed, pathname]);

  // An access past its time leaves the banner by itself.
  useEffect(() => {
    if (accesses.length === 0) return;
    const next = Math.min(...accesses.map((a) => Date.parse(a.expiresAt)));
    const id = setTimeout(() => setAccesses((all) => all.filter((a) => Date.parse(a.expiresAt) > Date.now())), Math.max(0, next - Date.now()) + 1000);
    return () => clearTimeout(id);
  }, [accesses]);

  if (accesses.length === 0) return null;
  return (
    <div role="status" className="flex shrink-0 flex-col gap-1 bg-warning-soft px-4 py-2 text-sm text-warning-fg" data-testid="support-access-banner">
      {accesses.map((a) => (
        <p key={a.id} className="flex items-start gap-2">
          <LifeBuoy className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 break-words">{t("shell.supportAccess", { name: a.superName, reason: a.reason, until: when.dateTime(a.expiresAt) })}</span>
          {pathname !== "/audit" ? (
            <Link to="/audit" className="shrink-0 font-semibold underline underline-offset-2 max-sm:py-3">
              {t("shell.supportAccessLink")}
            </Link>
          ) : null}
        </p>
      ))}
    </div>
  );
}
